// Great Wall of China: players, pool and won tokens, and the wall sections as columns of cards.
"use strict";

(() => {
  const { el, select, numbers } = Desk;
  const KINDS = [["wall", "Wall"], ["gate", "Gate"], ["tower", "Watchtower"], ["infantry", "Infantry"],
    ["cavalry", "Cavalry"], ["nobility", "Nobility"], ["dragon", "Dragon"]];
  const MARKS = ["●", "▲", "■", "◆", "★"];  // the decks' marks (circle, triangle, square, diamond, star), in turn order
  const PHASES = [["playing", "cards are still played"], ["last-round-over", "the last round is over"]];

  let m = null;

  const text = (value) => (value === undefined || value === null ? "" : String(value));
  const list = (value) => (Array.isArray(value) ? value : []);
  const obj = (value) => (value && typeof value === "object" && !Array.isArray(value) ? value : {});

  function open(opening) {
    const doc = obj(opening.document);
    const players = list(doc.players).map(text);
    const won = Object.entries(obj(doc.won)).map(([name, tokens]) => [name, list(tokens)]);
    for (const name of players) if (!won.some(([n]) => n === name)) won.push([name, []]);
    m = {
      players,
      next: text(doc.next ?? players[0]),
      phase: text(doc.phase ?? "playing"),
      pool: doc.pool ?? 0,
      won,
      sections: list(doc.sections).map((s) => ({
        tokens: list(obj(s).tokens),
        choose: Object.entries(obj(obj(s).choose)),
        cards: list(obj(s).cards).map((c) => ({
          player: text(obj(c).player), card: text(obj(c).card), covers: obj(c).covers ?? null, token: obj(c).token ?? null,
        })),
      })),
    };
  }

  function documentOf() {
    return {
      game: "great-wall",
      players: m.players,
      next: m.next,
      phase: m.phase,
      pool: m.pool,
      won: Object.fromEntries(m.won),
      sections: m.sections.map((s) => {
        const section = { tokens: s.tokens };
        if (s.choose.length) section.choose = Object.fromEntries(s.choose);
        section.cards = s.cards.map((c) => {
          const card = { player: c.player, card: c.card };
          if (c.covers !== null && c.covers !== "") card.covers = c.covers;
          if (c.token !== null && c.token !== "") card.token = c.token;
          return card;
        });
        return section;
      }),
    };
  }

  function rename(from, to) {
    if (m.next === from) m.next = to;
    m.won = m.won.map(([name, tokens]) => [name === from ? to : name, tokens]);
    for (const s of m.sections) {
      s.cards.forEach((c) => { if (c.player === from) c.player = to; });
      s.choose = s.choose.map(([name, value]) => [name === from ? to : name, value]);
    }
  }

  const colour = (name) => Math.max(0, m.players.indexOf(name));

  function cardRow(section, s, card, j) {
    const covered = section.cards.some((other) => other.card === "dragon" && Number(other.covers) === j + 1);
    const earlier = [["", "—"], ...section.cards.slice(0, j).map((_, k) => [String(k + 1), `card ${k + 1}`])];
    return el("li", { class: `gw-card p${colour(card.player)}${covered ? " covered" : ""}`, path: ["sections", s, "cards", j] },
      el("span", { class: "number" }, `${j + 1}`),
      select(m.players, card.player, { "aria-label": `player of card ${j + 1}`, onchange: (e) => { card.player = e.target.value; Desk.rebuild(); } }),
      select(KINDS, card.card, { "aria-label": `kind of card ${j + 1}`, onchange: (e) => { card.card = e.target.value; if (card.card !== "dragon") card.covers = null; Desk.rebuild(); } }),
      card.card === "dragon" ? el("label", { class: "small" }, "on ", select(earlier, card.covers === null ? "" : String(card.covers), {
        onchange: (e) => { card.covers = e.target.value === "" ? null : Number(e.target.value); Desk.rebuild(); } })) : null,
      el("label", { class: "small", title: "The section's first token, if it lies on this card" }, "token ",
        el("input", { class: "tiny", inputmode: "numeric", value: text(card.token), oninput: (e) => {
          const v = numbers(e.target.value);
          card.token = v.length ? v[0] : null;
          Desk.change();
        } })),
      el("button", { type: "button", class: "remove", title: "Remove this card", "aria-label": `remove card ${j + 1}`, onclick: () => {
        section.cards.splice(j, 1);
        section.cards.forEach((c) => { if (c.covers !== null) c.covers = c.covers > j + 1 ? c.covers - 1 : (c.covers === j + 1 ? null : c.covers); });
        Desk.rebuild();
      } }, "✕"));
  }

  function sectionColumn(section, s) {
    const chooser = section.tokens.length === 2 ? el("div", { class: "choose", path: ["sections", s, "choose"] },
      el("span", {}, "Takes here:"), m.players.map((name) => {
        const chosen = section.choose.find(([n]) => n === name);
        return el("label", { class: "small" }, `${name} `, select([["", "the higher"], ...section.tokens.map((t) => [String(t), String(t)])], chosen ? String(chosen[1]) : "", {
          onchange: (e) => {
            section.choose = section.choose.filter(([n]) => n !== name);
            if (e.target.value !== "") section.choose.push([name, Number(e.target.value)]);
            Desk.change();
          } }));
      })) : null;
    return el("div", { class: "gw-section", path: ["sections", s] },
      el("h3", {}, `Section ${s + 1} `, el("button", { type: "button", class: "remove", title: "Remove this section", "aria-label": `remove section ${s + 1}`, onclick: () => { m.sections.splice(s, 1); Desk.rebuild(); } }, "✕")),
      el("label", { path: ["sections", s, "tokens"] }, "Face-up tokens ", el("input", { value: section.tokens.join(" "), inputmode: "numeric",
        oninput: (e) => { section.tokens = numbers(e.target.value); Desk.change(); }, onchange: () => Desk.rebuild() })),
      el("ol", { class: "cards", path: ["sections", s, "cards"] }, section.cards.map((card, j) => cardRow(section, s, card, j))),
      el("button", { type: "button", onclick: () => { section.cards.push({ player: m.players[0] || "", card: "wall", covers: null, token: null }); Desk.rebuild(); } }, "Add a card"),
      chooser);
  }

  function render(root) {
    const players = el("fieldset", { path: ["players"] }, el("legend", {}, "Players in turn order"),
      m.players.map((name, i) => el("div", { class: "row", path: ["players", i] },
        el("span", { class: `mark p${i}` }, MARKS[i]),
        el("input", { value: name, "aria-label": `player ${i + 1}`, oninput: (e) => { rename(m.players[i], e.target.value); m.players[i] = e.target.value; Desk.change(); }, onchange: () => Desk.rebuild() }),
        el("label", { class: "small", path: ["won", name] }, "won ", el("input", { class: "won", inputmode: "numeric", value: (m.won.find(([n]) => n === name) || [0, []])[1].join(" "),
          title: "Tokens taken face down so far", oninput: (e) => {
            const entry = m.won.find(([n]) => n === name);
            entry[1] = numbers(e.target.value);
            Desk.change();
          } })),
        el("button", { type: "button", class: "remove", disabled: m.players.length <= 2, title: "Remove this player and their cards", "aria-label": `remove ${name || `player ${i + 1}`}`, onclick: () => {
          m.players.splice(i, 1);
          m.won = m.won.filter(([n]) => n !== name);
          m.sections.forEach((s) => { s.cards = s.cards.filter((c) => c.player !== name); s.choose = s.choose.filter(([n]) => n !== name); });
          if (m.next === name) m.next = m.players[0];
          Desk.rebuild();
        } }, "✕"))),
      el("button", { type: "button", disabled: m.players.length >= 5, onclick: () => {
        let n = m.players.length + 1;
        while (m.players.includes(`Player ${n}`)) n++;
        m.players.push(`Player ${n}`);
        m.won.push([`Player ${n}`, []]);
        Desk.rebuild();
      } }, "Add a player"));
    const table = el("fieldset", {}, el("legend", {}, "The table"),
      el("div", { class: "row", path: ["next"] }, el("span", { class: "what" }, "Next to play"), select(m.players, m.next, { "aria-label": "next to play", onchange: (e) => { m.next = e.target.value; Desk.change(); } })),
      el("div", { class: "row", path: ["phase"] }, el("span", { class: "what" }, "Phase"), select(PHASES, m.phase, { "aria-label": "phase", onchange: (e) => { m.phase = e.target.value; Desk.change(); } })),
      el("div", { class: "row", path: ["pool"] }, el("span", { class: "what" }, "Tokens in the pool"), el("input", { class: "tiny", inputmode: "numeric", value: text(m.pool), "aria-label": "tokens in the pool",
        oninput: (e) => { const v = numbers(e.target.value); m.pool = v.length ? v[0] : 0; Desk.change(); } })));
    const wall = el("div", { class: "gw-wall", path: ["sections"] }, m.sections.map(sectionColumn),
      el("button", { type: "button", class: "add-section", onclick: () => { m.sections.push({ tokens: [], choose: [], cards: [] }); Desk.rebuild(); } }, "Add a section"));
    root.append(el("div", { class: "gw" }, el("div", { class: "gw-top" }, players, table), wall));
  }

  function take(t) {
    const bits = [t.completes_section ? `${t.player} takes ${t.token} face down in section ${t.section}; the section is completed`
      : `${t.player} takes ${t.token} in section ${t.section} and lays it on a card there`];
    if (t.returned) bits.push(`${t.returned.player} takes back ${t.returned.token}`);
    if (t.reveals_new_tokens) bits.push("2 new tokens are revealed there");
    return bits.join("; ");
  }

  function show(answer, result) {
    const data = answer.result;
    if (!data) { result.append(el("p", { class: "waiting" }, "The result waits for the problems to be fixed.")); return; }
    const names = data.players.map((p) => p.name);
    result.append(el("h2", {}, "Success"), el("table", { class: "score" },
      el("thead", {}, el("tr", {}, el("th", {}, "Section"), names.map((n, i) => el("th", {}, el("span", { class: `mark p${i}` }, MARKS[i]), " ", n)))),
      el("tbody", {}, data.sections.map((s) => el("tr", {}, el("th", {}, `${s.section} (${s.tokens.join(", ") || "—"})`),
        names.map((n) => el("td", {}, n in s.success ? s.success[n] : "")))))));
    result.append(el("h2", {}, "Next success check"),
      data.next_check.length ? el("ul", {}, data.next_check.map((t) => el("li", {}, take(t)))) : el("p", {}, "Nobody takes a token."));
    if (data.final) {
      result.append(el("h2", {}, "Until nobody can take a token"), el("ol", {}, data.chain.flatMap((turn) => turn.takes.map((t) => el("li", {}, take(t))))),
        el("h2", {}, "Final"), el("table", { class: "score" }, el("tbody", {}, data.players.map((p) => el("tr", {}, el("th", {}, p.name),
          el("td", {}, p.tokens.join(" + ") || "—"), el("td", { class: "total" }, p.total))))),
        el("p", { class: "winners" }, `${data.winners.length > 1 ? "Winners" : "Winner"}: ${data.winners.join(", ")}`));
    } else {
      result.append(el("p", { class: "hint" }, "Set the phase to \"the last round is over\" for the end chain and the final result."));
    }
  }

  Desk.register("great-wall", { open, render, show, document: documentOf });
})();
