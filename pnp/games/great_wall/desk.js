// Great Wall of China: players, pool and won tokens, and the wall sections as columns of cards.
"use strict";

(() => {
  const { el, select, numbers, number, pickPlayer, nameField } = Desk;
  const t = Desk.words("great-wall");
  const KINDS = ["wall", "gate", "tower", "infantry", "cavalry", "nobility", "dragon"].map((kind) => [kind, t(`kind.${kind}`)]);
  const MARKS = ["●", "▲", "■", "◆", "★"];  // the decks' marks (circle, triangle, square, diamond, star), in turn order
  const PHASES = [["playing", t("phase_playing")], ["last-round-over", t("phase_over")]];

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
    const earlier = [["", "—"], ...section.cards.slice(0, j).map((_, k) => [String(k + 1), t("card_n", { n: k + 1 })])];
    return el("li", { class: `gw-card p${colour(card.player)}${covered ? " covered" : ""}`, path: ["sections", s, "cards", j] },
      el("span", { class: "number" }, number(j + 1)),
      pickPlayer(m.players, card.player, { "aria-label": t("card_player", { n: j + 1 }) }, (p) => { card.player = p; Desk.rebuild(); }),
      select(KINDS, card.card, { "aria-label": t("card_kind", { n: j + 1 }), onchange: (e) => { card.card = e.target.value; if (card.card !== "dragon") card.covers = null; Desk.rebuild(); } }),
      card.card === "dragon" ? el("label", { class: "small" }, `${t("dragon_on")} `, select(earlier, card.covers === null ? "" : String(card.covers), {
        onchange: (e) => { card.covers = e.target.value === "" ? null : Number(e.target.value); Desk.rebuild(); } })) : null,
      el("label", { class: "small", title: t("token_title") }, `${t("token")} `,
        el("input", { class: "tiny", inputmode: "numeric", value: text(card.token), oninput: (e) => {
          const v = numbers(e.target.value);
          card.token = v.length ? v[0] : null;
          Desk.change();
        } })),
      el("button", { type: "button", class: "remove", title: t("remove_card_title"), "aria-label": t("remove_card", { n: j + 1 }), onclick: () => {
        section.cards.splice(j, 1);
        section.cards.forEach((c) => { if (c.covers !== null) c.covers = c.covers > j + 1 ? c.covers - 1 : (c.covers === j + 1 ? null : c.covers); });
        Desk.removed(t("card_removed", { n: j + 1, section: s + 1 }));
      } }, "✕"));
  }

  function sectionColumn(section, s) {
    const chooser = section.tokens.length === 2 ? el("div", { class: "choose", path: ["sections", s, "choose"] },
      el("span", {}, t("takes_here")), m.players.map((player) => {
        const chosen = section.choose.find(([p]) => p === player);
        return el("label", { class: "small" }, el("bdi", {}, player.name), " ", select([["", t("higher")], ...section.tokens.map((token) => [String(token), number(token)])], chosen ? String(chosen[1]) : "", {
          onchange: (e) => {
            section.choose = section.choose.filter(([p]) => p !== player);
            if (e.target.value !== "") section.choose.push([player, Number(e.target.value)]);
            Desk.change();
          } }));
      })) : null;
    return el("div", { class: "gw-section", path: ["sections", s] },
      el("h2", { class: "gw-head" }, `${t("section", { n: s + 1 })} `, el("button", { type: "button", class: "remove", title: t("remove_section_title"), "aria-label": t("remove_section", { n: s + 1 }), onclick: () => {
        m.sections.splice(s, 1);
        Desk.removed(t("section_removed", { n: s + 1, count: section.cards.length }));
      } }, "✕")),
      el("label", { path: ["sections", s, "tokens"] }, `${t("face_up")} `, el("input", { value: section.tokens.map(number).join(" "), inputmode: "numeric",
        oninput: (e) => { section.tokens = numbers(e.target.value); Desk.change(); }, onchange: () => Desk.rebuild() })),
      el("ol", { class: "cards", path: ["sections", s, "cards"] }, section.cards.map((card, j) => cardRow(section, s, card, j))),
      el("button", { type: "button", onclick: () => { section.cards.push({ player: m.players[0] || Desk.identity(""), card: "wall", covers: null, token: null }); Desk.rebuild(); } }, t("add_card")),
      chooser);
  }

  function render(root) {
    const players = el("fieldset", { path: ["players"] }, el("legend", {}, t("players")),
      m.players.map((player, i) => {
        const [name, note] = nameField(player, everyone, { "aria-label": t("player_label", { n: i + 1 }) }, Desk.rebuild);
        return el("div", { class: "row", path: ["players", i] },
          el("span", { class: `mark p${i}` }, MARKS[i]), name,
          el("label", { class: "small", path: ["won", player.name] }, `${t("won")} `, el("input", { class: "won", inputmode: "numeric", value: m.won.find(([p]) => p === player)[1].map(number).join(" "),
            title: t("won_title"), oninput: (e) => {
              m.won.find(([p]) => p === player)[1] = numbers(e.target.value);
              Desk.change();
            } })),
          el("button", { type: "button", class: "remove", disabled: m.players.length <= 2, title: t("remove_player_title"), "aria-label": t("remove", { player: player.name || t("player_label", { n: i + 1 }) }), onclick: () => {
            const count = m.sections.reduce((n, s) => n + s.cards.filter((c) => c.player === player).length, 0);
            m.players.splice(i, 1);
            m.won = m.won.filter(([p]) => p !== player);
            m.sections.forEach((s) => { s.cards = s.cards.filter((c) => c.player !== player); s.choose = s.choose.filter(([p]) => p !== player); });
            if (m.next === player) m.next = m.players[0];
            Desk.removed(t("player_removed", { player: player.name || t("player_n", { n: i + 1 }), count }));
          } }, "✕"), note);
      }),
      el("button", { type: "button", disabled: m.players.length >= 5, onclick: () => {
        const names = [...everyone()].map((p) => p.name);
        let n = m.players.length + 1;
        while (names.includes(t("player_n", { n }))) n++;
        const player = Desk.identity(t("player_n", { n }));
        m.players.push(player);
        m.won.push([player, []]);
        Desk.rebuild();
      } }, t("add_player")));
    const table = el("fieldset", {}, el("legend", {}, t("table")),
      el("div", { class: "row", path: ["next"] }, el("span", { class: "what" }, t("next")), pickPlayer(m.players, m.next, { "aria-label": t("next") }, (p) => { m.next = p; Desk.change(); })),
      el("div", { class: "row", path: ["phase"] }, el("span", { class: "what" }, t("phase")), select(PHASES, m.phase, { "aria-label": t("phase"), onchange: (e) => { m.phase = e.target.value; Desk.change(); } })),
      el("div", { class: "row", path: ["pool"] }, el("span", { class: "what" }, t("pool")), el("input", { class: "tiny", inputmode: "numeric", value: typeof m.pool === "number" ? number(m.pool) : text(m.pool), "aria-label": t("pool"),
        oninput: (e) => { const v = numbers(e.target.value); m.pool = v.length ? v[0] : 0; Desk.change(); } })));
    const wall = el("div", { class: "gw-wall", path: ["sections"] }, m.sections.map(sectionColumn),
      el("button", { type: "button", class: "add-section", onclick: () => { m.sections.push({ tokens: [], choose: [], cards: [] }); Desk.rebuild(); } }, t("add_section")));
    root.append(el("div", { class: "gw" }, el("div", { class: "gw-top" }, players, table), wall));
  }

  function take(taken) {
    const said = { player: taken.player, token: taken.token, section: taken.section };
    const bits = [t(taken.completes_section ? "take_completes" : "take_onto", said)];
    if (taken.returned) bits.push(t("take_back", { player: taken.returned.player, token: taken.returned.token }));
    if (taken.reveals_new_tokens) bits.push(t("take_reveals"));
    return bits.join(t("semicolon"));
  }

  function show(answer, result) {
    const data = answer.result;
    if (!data) { result.append(el("p", { class: "waiting" }, t("waiting"))); return; }
    const names = data.players.map((p) => p.name);
    result.append(el("h2", {}, t("success")), el("table", { class: "score" },
      el("thead", {}, el("tr", {}, el("th", {}, t("section_head")), names.map((n, i) => el("th", {}, el("span", { class: `mark p${i}` }, MARKS[i]), " ", el("bdi", {}, n))))),
      el("tbody", {}, data.sections.map((s) => el("tr", {}, el("th", {}, `${number(s.section)} (${s.tokens.map(number).join(t("comma")) || "—"})`),
        names.map((n) => el("td", {}, n in s.success ? number(s.success[n]) : "")))))));
    result.append(el("h2", {}, t("next_check")),
      data.next_check.length ? el("ul", {}, data.next_check.map((taken) => el("li", {}, take(taken)))) : el("p", {}, t("nobody_takes")));
    if (data.final) {
      result.append(el("h2", {}, t("until")), el("ol", {}, data.chain.flatMap((turn) => turn.takes.map((taken) => el("li", {}, take(taken))))),
        el("h2", {}, t("final")), el("table", { class: "score" }, el("tbody", {}, data.players.map((p) => el("tr", {}, el("th", {}, el("bdi", {}, p.name)),
          el("td", {}, p.tokens.map(number).join(" + ") || "—"), el("td", { class: "total" }, number(p.total)))))),
        el("p", { class: "winners" }, t(data.winners.length > 1 ? "winners" : "winner", { names: Desk.list(data.winners) })));
    } else {
      result.append(el("p", { class: "hint" }, t("phase_hint", { phase: t("phase_over") })));
    }
  }

  Desk.register("great-wall", { open, render, show, document: documentOf });
})();
