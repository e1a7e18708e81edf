// Great Wall of China: players, pool and won tokens, and the wall sections as columns of cards.
"use strict";

(() => {
  const { el, select, numbers, pickPlayer, nameField } = Desk;
  const KINDS = [["wall", "Wall"], ["gate", "Gate"], ["tower", "Watchtower"], ["infantry", "Infantry"],
    ["cavalry", "Cavalry"], ["nobility", "Nobility"], ["dragon", "Dragon"]];
  const MARKS = ["●", "▲", "■", "◆", "★"];  // the decks' marks (circle, triangle, square, diamond, star), in turn order
  const PHASES = [["playing", "cards are still played"], ["last-round-over", "the last round is over"]];

  let m = null;  // the position as the page edits it: each player an identity (see Desk.identity)

  const text = (value) => (value === undefined || value === null ? "" : String(value));
  const list = (value) => (Array.isArray(value) ? value : []);
  const obj = (value) => (value && typeof value === "object" && !Array.isArray(value) ? value : {});

  function open(opening) {
    const doc = obj(opening.document);
    const players = list(doc.players).map((name) => Desk.identity(text(name)));
    const who = Desk.identify(players);
    const won = Object.entries(obj(doc.won)).map(([name, tokens]) => [who(name), list(tokens)]);
    for (const p of players) if (!won.some(([q]) => q === p)) won.push([p, []]);
    m = {
      players,
      next: doc.next === undefined || doc.next === null ? players[0] || null : who(text(doc.next)),
      phase: text(doc.phase ?? "playing"),
      pool: doc.pool ?? 0,
      won,
      sections: list(doc.sections).map((s) => ({
        tokens: list(obj(s).tokens),
        choose: Object.entries(obj(obj(s).choose)).map(([name, value]) => [who(name), value]),
        cards: list(obj(s).cards).map((c) => ({
          player: who(text(obj(c).player)), card: text(obj(c).card), covers: obj(c).covers ?? null, token: obj(c).token ?? null,
        })),
      })),
    };
  }

  // Everyone the position names: its players, and any stranger (a name no player has) still named.
  const everyone = () => new Set([...m.players, m.next, ...m.won.map(([p]) => p),
    ...m.sections.flatMap((s) => [...s.cards.map((c) => c.player), ...s.choose.map(([p]) => p)])].filter(Boolean));

  function documentOf() {
    return {
      game: "great-wall",
      players: m.players.map((p) => p.name),
      next: m.next ? m.next.name : "",
      phase: m.phase,
      pool: m.pool,
      won: Object.fromEntries(m.won.map(([p, tokens]) => [p.name, tokens])),
      sections: m.sections.map((s) => {
        const section = { tokens: s.tokens };
        if (s.choose.length) section.choose = Object.fromEntries(s.choose.map(([p, value]) => [p.name, value]));
        section.cards = s.cards.map((c) => {
          const card = { player: c.player.name, card: c.card };
          if (c.covers !== null && c.covers !== "") card.covers = c.covers;
          if (c.token !== null && c.token !== "") card.token = c.token;
          return card;
        });
        return section;
      }),
    };
  }

  const colour = (player) => Math.max(0, m.players.indexOf(player));

  function cardRow(section, s, card, j) {
    const covered = section.cards.some((other) => other.card === "dragon" && Number(other.covers) === j + 1);
    const earlier = [["", "—"], ...section.cards.slice(0, j).map((_, k) => [String(k + 1), `card ${k + 1}`])];
    return el("li", { class: `gw-card p${colour(card.player)}${covered ? " covered" : ""}`, path: ["sections", s, "cards", j] },
      el("span", { class: "number" }, `${j + 1}`),
      pickPlayer(m.players, card.player, { "aria-label": `player of card ${j + 1}` }, (p) => { card.player = p; Desk.rebuild(); }),
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
        Desk.removed(`Card ${j + 1} of section ${s + 1} removed`);
      } }, "✕"));
  }

  function sectionColumn(section, s) {
    const chooser = section.tokens.length === 2 ? el("div", { class: "choose", path: ["sections", s, "choose"] },
      el("span", {}, "Takes here:"), m.players.map((player) => {
        const chosen = section.choose.find(([p]) => p === player);
        return el("label", { class: "small" }, `${player.name} `, select([["", "the higher"], ...section.tokens.map((t) => [String(t), String(t)])], chosen ? String(chosen[1]) : "", {
          onchange: (e) => {
            section.choose = section.choose.filter(([p]) => p !== player);
            if (e.target.value !== "") section.choose.push([player, Number(e.target.value)]);
            Desk.change();
          } }));
      })) : null;
    return el("div", { class: "gw-section", path: ["sections", s] },
      el("h2", { class: "gw-head" }, `Section ${s + 1} `, el("button", { type: "button", class: "remove", title: "Remove this section", "aria-label": `remove section ${s + 1}`, onclick: () => {
        m.sections.splice(s, 1);
        Desk.removed(`Section ${s + 1} removed, with ${Desk.plural(section.cards.length, "card")}`);
      } }, "✕")),
      el("label", { path: ["sections", s, "tokens"] }, "Face-up tokens ", el("input", { value: section.tokens.join(" "), inputmode: "numeric",
        oninput: (e) => { section.tokens = numbers(e.target.value); Desk.change(); }, onchange: () => Desk.rebuild() })),
      el("ol", { class: "cards", path: ["sections", s, "cards"] }, section.cards.map((card, j) => cardRow(section, s, card, j))),
      el("button", { type: "button", onclick: () => { section.cards.push({ player: m.players[0] || Desk.identity(""), card: "wall", covers: null, token: null }); Desk.rebuild(); } }, "Add a card"),
      chooser);
  }

  function render(root) {
    const players = el("fieldset", { path: ["players"] }, el("legend", {}, "Players in turn order"),
      m.players.map((player, i) => {
        const [name, note] = nameField(player, everyone, { "aria-label": `player ${i + 1}` }, Desk.rebuild);
        return el("div", { class: "row", path: ["players", i] },
          el("span", { class: `mark p${i}` }, MARKS[i]), name,
          el("label", { class: "small", path: ["won", player.name] }, "won ", el("input", { class: "won", inputmode: "numeric", value: m.won.find(([p]) => p === player)[1].join(" "),
            title: "Tokens taken face down so far", oninput: (e) => {
              m.won.find(([p]) => p === player)[1] = numbers(e.target.value);
              Desk.change();
            } })),
          el("button", { type: "button", class: "remove", disabled: m.players.length <= 2, title: "Remove this player and their cards", "aria-label": `remove ${player.name || `player ${i + 1}`}`, onclick: () => {
            const count = m.sections.reduce((n, s) => n + s.cards.filter((c) => c.player === player).length, 0);
            m.players.splice(i, 1);
            m.won = m.won.filter(([p]) => p !== player);
            m.sections.forEach((s) => { s.cards = s.cards.filter((c) => c.player !== player); s.choose = s.choose.filter(([p]) => p !== player); });
            if (m.next === player) m.next = m.players[0];
            Desk.removed(`${player.name || `Player ${i + 1}`} removed, with ${Desk.plural(count, "card")}`);
          } }, "✕"), note);
      }),
      el("button", { type: "button", disabled: m.players.length >= 5, onclick: () => {
        const names = [...everyone()].map((p) => p.name);
        let n = m.players.length + 1;
        while (names.includes(`Player ${n}`)) n++;
        const player = Desk.identity(`Player ${n}`);
        m.players.push(player);
        m.won.push([player, []]);
        Desk.rebuild();
      } }, "Add a player"));
    const table = el("fieldset", {}, el("legend", {}, "The table"),
      el("div", { class: "row", path: ["next"] }, el("span", { class: "what" }, "Next to play"), pickPlayer(m.players, m.next, { "aria-label": "next to play" }, (p) => { m.next = p; Desk.change(); })),
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
