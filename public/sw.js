// Lockstep's service worker: shows a Web Push message and opens its link (the phase) when clicked.
// The payload is the JSON the server sends: { title, body, url }.
self.addEventListener("push", (event) => {
  let message = { title: "Lockstep", body: "", url: "/notifications" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // not JSON: show the text as it came
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(self.registration.showNotification(message.title, { body: message.body, data: { url: message.url }, icon: "/icon.svg" }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/notifications";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      // A tab already showing that page is focused instead of opening another.
      const open = tabs.find((t) => t.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
