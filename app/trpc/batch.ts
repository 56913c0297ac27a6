// The most calls one batched tRPC request may carry: the route refuses more with 400, and the
// browser's batch link never sends more. Bounded so one request cannot queue hundreds of queries
// (200 batched game.verify calls once held unrelated requests for seconds).
export const MAX_BATCH_CALLS = 20;
