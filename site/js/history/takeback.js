// Take-back at a table with no other device: solo against computers, or pass-and-play when
// every player agrees. The engine decides whether it is allowed (takeback: not after a move
// that revealed hidden information) and rebuilds the match by replay; this file asks, confirms
// and hands the new match handle back to the app.

/** The seats of the people at this device: the take-back undoes the last move of any of them. */
export function humanSeats(cfg) {
  return cfg.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
}

/** Whether a take-back is possible now: {allowed, reason, seat, removed}. */
export async function takebackPlan(engine, s) {
  const seats = humanSeats(s.cfg);
  if (!seats.length || !s.moves) return { allowed: false, reason: "no move to take back yet", seat: null, removed: 0 };
  return engine.request("takeback", { match: s.match, seats });
}

/** Asks the players (a confirm), then takes back; resolves with the engine's reply, or null if not done. */
export async function takeBack(engine, s, seatName) {
  const plan = await takebackPlan(engine, s);
  if (!plan.allowed) return { refused: plan.reason };
  const others = plan.removed - 1;
  const what = `${seatName(plan.seat)}'s last move${others ? ` and the ${others} move${others === 1 ? "" : "s"} after it` : ""}`;
  const pass = humanSeats(s.cfg).length >= 2;
  const question = pass ? `Take back ${what}? Every player must agree.` : `Take back ${what}?`;
  if (!confirm(question)) return null;
  return engine.request("takeback", { match: s.match, seats: humanSeats(s.cfg), apply: true });
}
