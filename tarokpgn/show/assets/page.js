// The replay page (tarokpgn.show.html): draws the deals of the JSON blob. Every fact comes from
// the blob (the record, the verifier's verdict, the judge's rulings); nothing is decided here.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("tarokpgn-data").textContent);
  const state = { deal: 0, step: 0 };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "onclick") node.addEventListener("click", value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function deal() { return DATA.deals[state.deal]; }

  function card(token, extra) {
    const pictures = DATA.cards[deal().deck];
    const holder = document.createElement("span");
    holder.innerHTML = pictures[token] || pictures["?"];
    const svg = holder.firstElementChild;
    if (!pictures[token]) svg.setAttribute("data-card", token);
    for (const name of extra || []) svg.classList.add(name);
    return svg;
  }

  function cards(tokens, marked) {
    return el("span", { class: "inline-cards" },
      tokens.map((t) => card(t, marked && marked.includes(t) ? ["evidence"] : [])));
  }

  function who(seat) {
    if (!seat) return "?";
    const found = deal().seats.find((s) => s.seat === seat);
    return found && found.name ? `${seat} (${found.name})` : seat;
  }

  function signed(n) { return n > 0 ? `+${n}` : String(n); }

  // --- the deal list ---------------------------------------------------------------------------

  function dealList() {
    const nav = document.getElementById("deal-list");
    nav.replaceChildren();
    if (DATA.deals.length < 2) { nav.hidden = true; return; }
    nav.hidden = false;
    nav.append(el("span", { class: "help" }, `${DATA.deals.length} deals:`));
    DATA.deals.forEach((d, i) => {
      nav.append(el("button", {
        type: "button", "data-deal": i, "aria-current": i === state.deal ? "true" : "false",
        onclick: () => openDeal(i, null),
      }, `${d.name} · ${d.verdict.status}`));
    });
  }

  // --- what was said before play ------------------------------------------------------------------

  function said(d) {
    const s = d.said;
    const rows = [];
    const row = (label, ...value) => rows.push(el("dt", {}, label), el("dd", {}, ...value));
    if (s.talon) row("Talon", cards(s.talon));
    if (s.auction.length) row("Auction", s.auction.map(([seat, bid]) => `${who(seat)}: ${bid}`).join(", "));
    for (const c of s.calls) row("Call", `${who(c.seat)} calls `, cards([c.card]));
    for (const e of s.exchanges) {
      row("Exchange", who(e.seat), e.take.length ? [" takes ", cards(e.take)] : null,
        e.discard.length ? [e.take.length ? " and" : "", " lays away ", cards(e.discard)] : null,
        e.show.length ? [" showing ", cards(e.show)] : null);
    }
    for (const a of s.announcements) {
      row(a.kind === "declare" ? "Declaration" : "Announcement", `${who(a.seat)}: ${a.name}`,
        a.options.length ? ` (${a.options.join(", ")})` : "", a.cards.length ? [" ", cards(a.cards)] : null);
    }
    for (const [seat, level, target] of s.kontras) row("Kontra", `${who(seat)}: level ${level} on ${target}`);
    for (const text of s.irregular) row("Irregular", text);
    for (const text of s.comments) row("Comment", text);
    if (!rows.length) rows.push(el("dd", {}, "The record has no talon, auction, call or exchange."));
    return el("details", { class: "said", id: "said", open: true },
      el("summary", {}, el("strong", {}, "Before play: talon, auction, call, exchange, announcements")),
      el("dl", {}, rows));
  }

  function header(d) {
    const v = d.verdict;
    const tags = d.tags.filter(([k]) => !["Variant", "Ruleset"].includes(k) && !d.seats.some((s) => s.seat === k))
      .map(([k, value]) => `${k}: ${value}`).join(" · ");
    let contract = v.contract ? `Contract: ${v.contract}` : "Contract: not known";
    if (v.declarer) contract += ` by ${who(v.declarer)}` + (v.partner ? ` with ${who(v.partner)}` : "");
    return el("section", { id: "head" },
      el("h2", {}, `${d.name} — ${d.variant}${d.ruleset ? ` (${d.ruleset})` : ""}`),
      el("div", { class: "tags" }, tags),
      el("div", {}, contract, " · verdict: ", el("span", { class: `status ${v.status}`, id: "status" }, v.status)));
  }

  function controls(d) {
    const last = d.steps.length - 1;
    const button = (id, label, text, step) => el("button", { type: "button", id, "aria-label": label,
      onclick: () => go(step()) }, text);
    return el("section", { class: "controls", "aria-label": "Replay controls" },
      button("first", "first step", "|◀", () => 0),
      button("prev", "previous step", "◀", () => state.step - 1),
      el("input", { type: "range", id: "step", min: 0, max: last, value: 0, step: 1,
        "aria-label": "step of the replay", disabled: last === 0 }),
      button("next", "next step", "▶", () => state.step + 1),
      button("last", "last step", "▶|", () => last),
      el("span", { id: "step-label", "aria-live": "polite" }),
      el("span", { class: "help" }, "keys: ← → Home End"));
  }

  function findingItem(f, index) {
    const tag = f.judged ? " (settled by the renons judgement)" : f.accepted ? " (accepted at the table)" : "";
    const where = f.step === null ? "whole deal" : deal().steps[f.step].label;
    return el("li", { class: `finding${f.accepted ? " accepted" : ""}${f.judged ? " judged" : ""}`,
      "data-code": f.code, "data-finding": index, "data-step": f.step === null ? "" : f.step },
      "⚠ ", el("span", { class: "code" }, f.code), " ",
      f.step === null ? `[${where}] ` : el("button", { type: "button", onclick: () => go(f.step) }, where), " ",
      f.message, f.rule ? ` [${f.rule}]` : "", f.seat ? ` — ${who(f.seat)}` : "", tag);
  }

  function allFindings(d) {
    const items = d.findings.map(findingItem);
    d.judgements.forEach((j, i) => {
      items.push(el("li", { class: "finding judged", "data-judgement": i },
        "⚖ renons claim by ", who(j.claim.claimant), " against ", who(j.claim.accused), ", ",
        el("button", { type: "button", onclick: () => go(j.step) }, d.steps[j.step].label), ": ",
        el("strong", {}, j.headline)));
    });
    return el("section", { id: "findings" }, el("h2", {}, "Findings of the verifier"),
      items.length ? el("ul", { class: "findings" }, items) : el("p", {}, "None: every action checked is legal."));
  }

  // --- one step ------------------------------------------------------------------------------------

  function seatPanel(d, step, s) {
    const v = d.verdict;
    const hand = step.hands[s.seat];
    const badges = [];
    if (d.dealer === s.seat) badges.push(el("span", { class: "badge" }, "dealer"));
    if (v.declarer === s.seat) badges.push(el("span", { class: "badge declarer" }, "declarer"));
    if (v.partner === s.seat) badges.push(el("span", { class: "badge declarer" }, "partner"));
    if (step.won) badges.push(el("span", { class: "badge tricks" }, `tricks won: ${step.won[s.seat] || 0}`));
    const marked = highlighted(d, s.seat);
    const body = hand === null
      ? el("span", { class: "none" }, "hand not recorded")
      : hand.length ? hand.map((t) => card(t, marked.includes(t) ? ["evidence"] : []))
        : el("span", { class: "none" }, "no cards left");
    return el("div", { class: "seat", "data-seat": s.seat },
      el("div", { class: "seat-head" }, el("span", { class: "seat-name" }, who(s.seat)), badges,
        hand ? el("span", { class: "count help" }, `${hand.length} cards`) : null),
      el("div", { class: "hand", "aria-label": `hand of ${s.seat}` }, body));
  }

  // The judgement shown at this step: its `should` cards are marked in the accused's hand.
  function judgementsHere(d) { return d.judgements.filter((j) => j.step === state.step); }

  function highlighted(d, seat) {
    return judgementsHere(d).filter((j) => j.claim.accused === seat).flatMap((j) => j.should);
  }

  function trickPanel(d, step) {
    const faulty = new Set(d.findings.filter((f) => f.step === state.step && f.seat).map((f) => f.seat));
    const judged = judgementsHere(d);
    if (!step.trick) {
      const text = step.kind === "deal" ? "The cards as dealt." : "The hands after the exchange.";
      return el("div", { id: "trick", "data-trick": "" }, el("div", { id: "trick-head" }, text));
    }
    const t = step.trick;
    const winner = t.winner ? `won by ${who(t.winner)}` : t.complete ? "winner not known (play not followed)" : "incomplete trick";
    return el("div", { id: "trick", "data-trick": t.number, "data-winner": t.winner || "" },
      el("div", { id: "trick-head" }, el("strong", {}, `Trick ${t.number}`), ` · led by ${who(t.leader)} · `,
        el("span", { class: "mark", id: "winner" }, winner)),
      el("div", { class: "plays" }, t.plays.map(([seat, token]) => {
        const marks = [];
        if (faulty.has(seat)) marks.push("fault");
        if (judged.some((j) => j.claim.accused === seat && j.played === token)) marks.push("evidence");
        const wins = t.winner && seat === t.winner;
        return el("div", { class: `play${wins ? " winner" : ""}`, "data-seat": seat || "" },
          card(token, marks), el("span", { class: "who" }, seat || "?", wins ? el("strong", {}, " ★ wins") : null));
      })));
  }

  function herePanel(d) {
    const findings = d.findings.map((f, i) => [f, i]).filter(([f]) => f.step === state.step);
    const judged = judgementsHere(d);
    const panel = el("section", { id: "here", "aria-live": "polite" });
    if (!findings.length && !judged.length) { panel.hidden = true; return panel; }
    panel.append(el("h2", {}, `At this step`));
    if (findings.length) panel.append(el("ul", { class: "findings" }, findings.map(([f, i]) => findingItem(f, i))));
    for (const j of judged) {
      panel.append(el("div", { class: `judgement ${j.finding}`, "data-finding": j.finding },
        el("h3", {}, "Renons judgement: ", el("span", { class: "verdict-word" }, j.headline)),
        el("p", {}, j.reason),
        j.played ? el("p", {}, "Card played: ", cards([j.played], [j.played])) : null,
        j.should.length ? el("p", {}, "Should have played from: ", cards(j.should, j.should)) : null,
        j.evidence.length ? [el("h3", {}, "Evidence"), el("ul", {}, j.evidence.map((e) => el("li", {}, e)))] : null,
        j.formula ? el("p", {}, `${who(j.payer)} pays ${j.formula}${j.counted ? "" : " (an earlier renons already ended the deal)"}`) : null,
        el("details", {}, el("summary", {}, "The judgement in full"), el("pre", {}, j.text))));
    }
    return panel;
  }

  function scorePanel(d) {
    const v = d.verdict;
    const last = state.step === d.steps.length - 1;
    const seats = d.seats.map((s) => s.seat);
    const rows = seats.map((s) => el("tr", { "data-seat": s }, el("th", {}, who(s)),
      el("td", { class: "num" }, v.scores ? signed(v.scores[s] ?? 0) : "—"),
      el("td", { class: "num" }, v.written ? signed(v.written[s] ?? 0) : "—")));
    const breakdown = v.breakdown.map(([label, value, detail]) => el("tr", {},
      el("td", {}, label), el("td", { class: "num" }, ["result", "note"].includes(label) ? "" : value),
      el("td", { class: "help" }, detail)));
    return el("section", { id: "score", hidden: !last },
      el("h2", {}, "Score"),
      el("p", {}, "Verdict: ", el("span", { class: `status ${v.status}` }, v.status),
        v.won === null ? "" : v.won ? " · the declarer's side won" : " · the declarer's side lost",
        v.card_points_text ? [" · ", el("span", { id: "card-points" }, `card points won: ${v.card_points_text}`)] : ""),
      el("table", { id: "scores" }, el("tr", {}, el("th", {}, "Seat"), el("th", {}, "computed"), el("th", {}, "written")), rows),
      breakdown.length ? [el("h3", {}, "Breakdown"), el("table", { id: "breakdown" }, breakdown)]
        : el("p", {}, "No breakdown: the score cannot be computed from the record."));
  }

  function go(n) {
    const d = deal();
    const last = d.steps.length - 1;
    state.step = Math.max(0, Math.min(last, Number(n) || 0));
    const step = d.steps[state.step];
    const table = document.getElementById("table");
    const seats = d.seats.map((s) => seatPanel(d, step, s));
    table.replaceChildren(...seats, trickPanel(d, step));
    document.getElementById("here").replaceWith(herePanel(d));
    document.getElementById("score").replaceWith(scorePanel(d));
    const slider = document.getElementById("step");
    slider.value = state.step;
    document.getElementById("step-label").textContent = `${step.label} (step ${state.step} of ${last})`;
    document.getElementById("prev").disabled = document.getElementById("first").disabled = state.step === 0;
    document.getElementById("next").disabled = document.getElementById("last").disabled = state.step === last;
    document.body.dataset.step = state.step;
  }

  function openDeal(i, step) {
    state.deal = i;
    const d = deal();
    dealList();
    const main = document.getElementById("deal");
    main.replaceChildren(header(d), said(d), controls(d), el("div", { class: "table", id: "table" }),
      el("section", { id: "here", hidden: true }), el("section", { id: "score", hidden: true }), allFindings(d));
    document.getElementById("step").addEventListener("input", (e) => go(e.target.value));
    document.body.dataset.deal = i;
    go(step === null ? d.start : step);
  }

  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (e.key in moves) go(state.step + moves[e.key]);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(deal().steps.length - 1);
    else return;
    e.preventDefault();
  });

  const first = DATA.deals.findIndex((d) => d.focus !== null);
  openDeal(first < 0 ? 0 : first, null);
})();
