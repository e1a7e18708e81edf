// Carolus Magnus: players and sides, courts, clan markers, and the ring of territories.
"use strict";

(() => {
  const { el, select, numbers, number, pickPlayer, nameField } = Desk;
  const t = Desk.words("carolus-magnus");
  const side = (id) => t(`report.name.${id}`);  // a side as a sentence names it
  const clan = side;  // and a clan
  const CLANS = ["red", "pink", "blue", "yellow", "green"];
  const SIDES = ["black", "white", "grey"];

  let m = null;  // the position as the page edits it: each player an identity (see Desk.identity)
  let verdicts = [];  // per territory, from the last result: [strength, majority]

  const text = (value) => (value === undefined || value === null ? "" : String(value));
  const list = (value) => (Array.isArray(value) ? value : []);
  const obj = (value) => (value && typeof value === "object" && !Array.isArray(value) ? value : {});
  const count = (value) => { const v = numbers(String(value)); return v.length ? v[0] : 0; };

  function open(opening) {
    const doc = obj(opening.document);
    const players = list(doc.players).map((p) => Desk.identity(text(obj(p).name), { side: text(obj(p).side) }));
    const who = Desk.identify(players);
    m = {
      players,
      courts: Object.entries(obj(doc.courts)).map(([name, cubes]) => [who(name), { ...obj(cubes) }]),
      clans: Object.fromEntries(Object.entries(obj(doc.clans)).map(([clan, holder]) => [clan, text(holder) ? who(text(holder)) : null])),
      territories: list(doc.territories).map((ter, i) => {
        const castles = Object.entries(obj(obj(ter).castles));
        return { name: text(obj(ter).name ?? `T${i + 1}`), segments: list(obj(ter).segments), paladins: { ...obj(obj(ter).paladins) },
          castles: castles.length ? { side: castles[0][0], count: castles[0][1] } : null };
      }),
      emperor: text(doc.emperor),
      supply: { ...obj(doc.supply) },
    };
    for (const p of m.players) if (!m.courts.some(([q]) => q === p)) m.courts.push([p, {}]);
    // In player order (a file's mapping may come sorted by name); a court of no player stays, last.
    const order = (player) => { const i = m.players.indexOf(player); return i < 0 ? m.players.length : i; };
    m.courts.sort(([a], [b]) => order(a) - order(b));
    verdicts = [];
  }

  const sides = () => [...new Set(m.players.map((p) => p.side))];
  // Everyone the position names: its players, and any stranger (a name no player has) still named.
  const everyone = () => new Set([...m.players, ...m.courts.map(([p]) => p), ...Object.values(m.clans)].filter(Boolean));

  function documentOf() {
    const nonzero = (cubes) => Object.fromEntries(Object.entries(cubes).filter(([, n]) => n !== 0 && n !== ""));
    return {
      game: "carolus-magnus",
      players: m.players.map((p) => ({ name: p.name, side: p.side })),
      courts: Object.fromEntries(m.courts.map(([player, cubes]) => [player.name, nonzero(cubes)])),
      clans: Object.fromEntries(CLANS.filter((c) => m.clans[c]).map((c) => [c, m.clans[c].name])),
      territories: m.territories.map((ter) => {
        const item = { name: ter.name, segments: ter.segments, paladins: nonzero(ter.paladins) };
        if (ter.castles && ter.castles.side) item.castles = { [ter.castles.side]: ter.castles.count };
        return item;
      }),
      emperor: m.emperor,
      supply: Object.fromEntries(sides().map((s) => [s, s in m.supply ? m.supply[s] : 0])),
    };
  }

  function merge(i) {
    const j = (i + 1) % m.territories.length;
    if (j === i) return;
    const a = m.territories[i], b = m.territories[j];
    a.segments = [...a.segments, ...b.segments];
    for (const clan of CLANS) if (b.paladins[clan]) a.paladins[clan] = (Number(a.paladins[clan]) || 0) + Number(b.paladins[clan]);
    if (b.castles && b.castles.side) {
      a.castles = a.castles && a.castles.side === b.castles.side ? { side: a.castles.side, count: Number(a.castles.count) + Number(b.castles.count) } : (a.castles || b.castles);
    }
    if (m.emperor === b.name) m.emperor = a.name;
    m.territories.splice(j, 1);
    Desk.rebuild();
  }

  function split(i) {
    const ter = m.territories[i];
    if (ter.segments.length < 2) return;
    const segment = ter.segments.pop();
    let name = `T${segment}`;
    while (m.territories.some((o) => o.name === name)) name += "'";
    m.territories.splice(i + 1, 0, { name, segments: [segment], paladins: {}, castles: null });
    Desk.rebuild();
  }

  function ring() {
    // The circle as it lies on the table, clockwise from the top; tap a territory to go to it.
    const n = m.territories.length;
    return el("div", { class: "cm-ring", "aria-label": t("circle") }, m.territories.map((ter, i) => {
      const angle = (2 * Math.PI * i) / Math.max(n, 1) - Math.PI / 2;
      const verdict = verdicts[i];
      const disc = el("button", {
        type: "button", class: `cm-disc${ter.castles && ter.castles.side ? ` side-${ter.castles.side}` : ""}${m.emperor === ter.name ? " emperor" : ""}`,
        style: `left:${50 + 42 * Math.cos(angle)}%;top:${50 + 42 * Math.sin(angle)}%`,  // clockwise as on the table, whichever way the page reads
        title: t("disc_title", { name: ter.name, segments: Desk.list(ter.segments.map(number)) }),
        onclick: () => document.getElementById(`cm-t${i}`).scrollIntoView({ behavior: "smooth", block: "center" }),
      }, el("b", {}, el("bdi", {}, ter.name)), el("small", {}, ter.castles && ter.castles.side ? `${number(ter.castles.count)} ${side(ter.castles.side)}` : t("segments_short", { count: ter.segments.length })),
      verdict && verdict[1] ? el("small", { class: `majority side-${verdict[1]}` }, side(verdict[1])) : null);
      return disc;
    }), el("div", { class: "cm-centre" }, t("clockwise")));
  }

  // What a territory's counts come to: each side's strength, and the majority or none.
  const verdictText = ([strengths, majority]) => t("verdict", { counts: Object.entries(strengths).map(([s, n]) => `${side(s)} ${number(n)}`).join(" · "),
    majority: majority ? t("majority", { side: side(majority) }) : t("no_majority") });

  function territoryCard(ter, i) {
    const verdict = verdicts[i];
    return el("div", { class: "cm-territory", id: `cm-t${i}`, path: ["territories", i] },
      el("div", { class: "row" },
        el("input", { class: "name", value: ter.name, "aria-label": t("territory_name", { n: i + 1 }), oninput: (e) => {
          if (m.emperor === ter.name) m.emperor = e.target.value;
          ter.name = e.target.value;
          Desk.change();
        }, onchange: () => Desk.rebuild() }),
        el("label", { class: "small", path: ["territories", i, "segments"] }, `${t("segments")} `, el("input", { value: ter.segments.map(number).join(t("comma")), inputmode: "numeric",
          oninput: (e) => { ter.segments = numbers(e.target.value); Desk.change(); } }))),
      el("div", { class: "clans", path: ["territories", i, "paladins"] }, CLANS.map((c) => el("label", { class: `clan ${c}`, title: t("paladins", { clan: clan(c) }) },
        el("span", { class: "clan-name", "aria-hidden": "true" }, clan(c)), el("input", { class: "tiny", inputmode: "numeric", value: ter.paladins[c] ? number(ter.paladins[c]) : "", "aria-label": t("paladins_in", { clan: clan(c), name: ter.name }),
          oninput: (e) => { ter.paladins[c] = count(e.target.value); Desk.change(); } })))),
      el("div", { class: "row", path: ["territories", i, "castles"] }, el("span", { class: "what" }, t("castles")),
        select([["", t("none")], ...SIDES.map((s) => [s, side(s)])], ter.castles ? ter.castles.side : "", { "aria-label": t("castles_side", { name: ter.name }), onchange: (e) => { ter.castles = e.target.value ? { side: e.target.value, count: ter.castles ? ter.castles.count : 1 } : null; Desk.rebuild(); } }),
        ter.castles ? el("input", { class: "tiny", inputmode: "numeric", value: typeof ter.castles.count === "number" ? number(ter.castles.count) : text(ter.castles.count), "aria-label": t("castles_in", { name: ter.name }),
          oninput: (e) => { ter.castles.count = count(e.target.value); Desk.change(); } }) : null),
      el("div", { class: "row actions" },
        el("button", { type: "button", onclick: () => merge(i), title: t("merge_title") }, t("merge")),
        ter.segments.length > 1 ? el("button", { type: "button", onclick: () => split(i) }, t("split")) : null),
      verdict ? el("p", { class: "verdict" }, verdictText(verdict)) : null);
  }

  function render(root) {
    const players = el("fieldset", { path: ["players"] }, el("legend", {}, t("players")), m.players.map((p, i) => {
      const [name, note] = nameField(p, everyone, { "aria-label": t("player_label", { n: i + 1 }) }, Desk.rebuild);
      return el("div", { class: "row", path: ["players", i] }, name,
        select(SIDES.map((s) => [s, side(s)]), p.side, { "aria-label": t("side_of", { player: p.name }), onchange: (e) => { p.side = e.target.value; Desk.rebuild(); } }),
        el("button", { type: "button", class: "remove", disabled: m.players.length <= 2, title: t("remove_title"), "aria-label": t("remove", { player: p.name || t("player_label", { n: i + 1 }) }), onclick: () => {
          m.players.splice(i, 1);
          m.courts = m.courts.filter(([q]) => q !== p);
          for (const c of CLANS) if (m.clans[c] === p) m.clans[c] = null;
          Desk.removed(t("removed", { player: p.name || t("player_n", { n: i + 1 }) }));
        } }, "✕"), note);
    }),
    el("button", { type: "button", disabled: m.players.length >= 4, onclick: () => {
      const names = [...everyone()].map((p) => p.name);
      let n = m.players.length + 1;
      while (names.includes(t("player_n", { n }))) n++;
      const player = Desk.identity(t("player_n", { n }), { side: SIDES.find((s) => !sides().includes(s)) || "black" });
      m.players.push(player);
      m.courts.push([player, {}]);
      Desk.rebuild();
    } }, t("add_player")));
    const courts = el("fieldset", { path: ["courts"] }, el("legend", {}, t("courts")), el("table", { class: "courts" },
      el("thead", {}, el("tr", {}, el("th", {}, t("court_of")), CLANS.map((c) => el("th", { class: `clan ${c}` }, clan(c))))),
      el("tbody", {}, m.courts.map(([player, cubes]) => el("tr", { path: ["courts", player.name] }, el("th", {}, el("bdi", {}, player.name)),
        CLANS.map((c) => el("td", { class: `clan ${c}` }, el("span", { class: "clan-name", "aria-hidden": "true" }, clan(c)), el("input", { class: "tiny", inputmode: "numeric", value: cubes[c] ? number(cubes[c]) : "", "aria-label": t("in_court", { clan: clan(c), player: player.name }),
          oninput: (e) => { cubes[c] = count(e.target.value); Desk.change(); } }))))),
      el("tr", { path: ["clans"], class: "markers" }, el("th", {}, t("marker")), CLANS.map((c) => el("td", { class: `clan ${c}`, path: ["clans", c] },
        el("span", { class: "clan-name", "aria-hidden": "true" }, clan(c)), pickPlayer(m.players, m.clans[c] || null, { "aria-label": t("marker_of", { clan: clan(c) }) }, (p) => { m.clans[c] = p; Desk.change(); }, "—")))))));
    const board = el("fieldset", {}, el("legend", {}, t("board")),
      el("div", { class: "row", path: ["emperor"] }, el("span", { class: "what" }, t("emperor_on")),
        select(m.territories.map((ter) => ter.name), m.emperor, { "aria-label": t("emperor"), onchange: (e) => { m.emperor = e.target.value; Desk.rebuild(); } })),
      el("div", { class: "row", path: ["supply"] }, el("span", { class: "what" }, t("supply")), sides().map((s) => el("label", { class: "small", path: ["supply", s] }, `${side(s)} `,
        el("input", { class: "tiny", inputmode: "numeric", value: typeof (m.supply[s] ?? 0) === "number" ? number(m.supply[s] ?? 0) : text(m.supply[s]), oninput: (e) => { m.supply[s] = count(e.target.value); Desk.change(); } })))));
    root.append(el("div", { class: "cm" },
      el("div", { class: "cm-top" }, players, courts, board),
      el("div", { class: "cm-ring-box", path: ["territories"] }, ring()),
      el("div", { class: "cm-territories" }, m.territories.map(territoryCard))));
  }

  // Why the game is over, in the page's language: the result gives it in English, in one of the
  // two wordings of the rules' two ends (pnp/games/carolus_magnus/rules.py, game_end).
  function why(reason) {
    const placed = /^(.+) placed all (\d+) castles$/.exec(reason), remain = /^only (\d+) territories remain$/.exec(reason);
    if (placed) return t("report.end.castles", { sides: placed[1].split(" and ").map(side).join(t("report.and")), goal: Number(placed[2]) });
    if (remain) return t("report.end.territories", { count: Number(remain[1]) });
    return reason;
  }

  function show(answer, result) {
    const data = answer.result;
    const had = JSON.stringify(verdicts);
    verdicts = data ? data.territories.map((ter) => [ter.strength, ter.majority]) : [];
    if (JSON.stringify(verdicts) !== had) {
      // The verdicts sit on the ring and on each territory: redraw those, keeping the focused field.
      const box = document.querySelector(".cm-ring-box");
      if (box) box.replaceChildren(ring());
      document.querySelectorAll(".cm-territory").forEach((card, i) => {
        card.querySelector(".verdict")?.remove();
        if (verdicts[i]) card.append(el("p", { class: "verdict" }, verdictText(verdicts[i])));
      });
    }
    if (!data) { result.append(el("p", { class: "waiting" }, t("waiting"))); return; }
    result.append(el("h2", {}, t("control")), el("table", { class: "score" }, el("tbody", {},
      CLANS.map((c) => el("tr", {}, el("th", { class: `clan ${c}` }, clan(c)), el("td", {}, data.control[c] ? el("bdi", {}, data.control[c]) : t("nobody")))))));
    result.append(el("h2", {}, t("reach")), el("table", { class: "score reach" },
      el("thead", {}, el("tr", {}, ["steps", "on", "what", "ends"].map((h) => el("th", {}, t(`reach_${h}`))))),
      el("tbody", {}, data.reach.map((stop) => el("tr", {}, el("td", {}, number(stop.steps)), el("td", {}, el("bdi", {}, stop.territory)),
        el("td", {}, stop.result === "nothing" ? t("nothing") : t(stop.result === "build" ? "builds" : "takes_over", { side: side(stop.side) })
          + (stop.merges.length ? t("merging", { names: Desk.list(stop.merges) }) : "")),
        el("td", {}, stop.ends_game ? t("yes") : ""))))));
    result.append(el("h2", {}, t("castles_head")), el("table", { class: "score" }, el("tbody", {}, data.sides.map((s) => el("tr", {},
      el("th", {}, `${side(s.side)} (${Desk.list(s.players)})`), el("td", { class: "total" }, t("on_board", { count: s.castles })), el("td", {}, t("left", { count: s.supply })))))));
    result.append(el("p", { class: "winners" }, data.over
      ? `${t("over", { why: why(data.reason) })} ${t(data.winners.length > 1 ? "winners" : "winner", { names: Desk.list(data.winners.map(side)) })}` : t("goes_on")));
  }

  Desk.register("carolus-magnus", { open, render, show, document: documentOf });
})();
