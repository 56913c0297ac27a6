// The rulebook's markdown in rule ids: chapters ("## R5. The combat phase") and rules
// ("- **R5.2a Meeting.** …", continuation lines indented). Pure, so the test can check the module.

export interface ParsedRule {
  title: string;
  text: string;
}

/** Markdown emphasis and code marks out, whitespace folded: the tooltip is plain text. */
function plain(md: string): string {
  return md
    .replace(/\*\*|`/g, "")
    .replace(/(^|\s)\*([^*]+)\*/g, "$1$2")
    .replace(/\s+/g, " ")
    .replace(/ ([,;:])/g, "$1")
    .trim();
}

const CHAPTER = /^## (R\d+)\. (.+)$/;
const RULE = /^\s*- \*\*(R\d+\.\d+[a-z]?)\b([^*]*)\*\*(.*)$/;

export function parseRules(markdown: string): Record<string, ParsedRule> {
  const out: Record<string, ParsedRule> = {};
  const lines = markdown.split("\n");
  let chapter: { id: string; title: string; intro: string[]; open: boolean } | undefined;
  let rule: { id: string; title: string; body: string[]; indent: number } | undefined;
  const closeRule = () => {
    if (!rule) return;
    // A word hyphenated across lines ("hostile-" / "owned") is one word again.
    const body = rule.body.reduce((all, l) => (all.endsWith("-") ? all + l : `${all} ${l}`), "");
    out[rule.id] = { title: rule.title || chapter?.title || rule.id, text: plain(body) };
    rule = undefined;
  };
  const closeChapter = () => {
    if (chapter) out[chapter.id] = { title: chapter.title, text: plain(chapter.intro.join(" ")) || chapter.title };
  };
  for (const line of lines) {
    const ch = CHAPTER.exec(line);
    if (ch) {
      closeRule();
      closeChapter();
      chapter = { id: ch[1]!, title: plain(ch[2]!.replace(/\s*\(.*\)\s*$/, "").replace(/ — .*$/, "")), intro: [], open: true };
      continue;
    }
    if (line.startsWith("## ")) {
      closeRule();
      closeChapter();
      chapter = undefined;
      continue;
    }
    const r = RULE.exec(line);
    if (r) {
      closeRule();
      if (chapter) chapter.open = false;
      // "**R5.2a Meeting.** text" — the bold words after the id are the title; "**R4.3 Land units** move…"
      // keeps them in the sentence too, since they start it.
      const bold = plain(r[2]!).replace(/[.:]$/, "");
      const rest = r[3]!.trim();
      const startsSentence = !r[2]!.trim().endsWith(".") && !/^[:(]/.test(rest) ? true : /^[(:]/.test(rest);
      rule = { id: r[1]!, title: bold, body: [startsSentence && bold ? `${bold}${/^[:,.;]/.test(rest) ? "" : " "}${rest}` : rest], indent: line.search(/\S/) };
      continue;
    }
    if (rule) {
      const indent = line.search(/\S/);
      if (line.trim() === "" || indent <= rule.indent) closeRule();
      else {
        rule.body.push(line.trim());
        continue;
      }
    }
    // The chapter's introduction: its first paragraph, before any table, list or rule.
    if (chapter?.open) {
      if (line.trim() === "") {
        if (chapter.intro.length > 0) chapter.open = false;
      } else if (/^\s*\|/.test(line)) {
        // a table (R2's units) is data, not words for a tooltip: the paragraph after it is
      } else if (/^\s*(\d+\.|-|```)/.test(line)) chapter.open = false;
      else chapter.intro.push(line.trim());
    }
  }
  closeRule();
  closeChapter();
  return out;
}
