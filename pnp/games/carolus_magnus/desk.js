// Carolus Magnus: players and sides, courts, clan markers, and the ring of territories.
"use strict";

(() => {
  const { el, select, numbers, pickPlayer, nameField } = Desk;
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
      territories: list(doc.territories).map((t, i) => {
        const castles = Object.entries(obj(obj(t).castles));
        return { name: text(obj(t).name ?? `T${i + 1}`), segments: list(obj(t).segments), paladins: { ...obj(obj(t).paladins) },
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
      territories: m.territories.map((t) => {
        const item = { name: t.name, segments: t.segments, paladins: nonzero(t.paladins) };
        if (t.castles && t.castles.side) item.castles = { [t.castles.side]: t.castles.count };
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
    const t = m.territories[i];
    if (t.segments.length < 2) return;
    const segment = t.segments.pop();
    let name = `T${segment}`;
    while (m.territories.some((o) => o.name === name)) name += "'";
    m.territories.splice(i + 1, 0, { name, segments: [segment], paladins: {}, castles: null });
    Desk.rebuild();
  }

  function ring() {
    // The circle as it lies on the table, clockwise from the top; tap a territory to go to it.
    const n = m.territories.length;
    return el("div", { class: "cm-ring", "aria-label": "The circle of territories" }, m.territories.map((t, i) => {
      const angle = (2 * Math.PI * i) / Math.max(n, 1) - Math.PI / 2;
      const verdict = verdicts[i];
      const disc = el("button", {
        type: "button", class: `cm-disc${t.castles && t.castles.side ? ` side-${t.castles.side}` : ""}${m.emperor === t.name ? " emperor" : ""}`,
        style: `left:${50 + 42 * Math.cos(angle)}%;top:${50 + 42 * Math.sin(angle)}%`,
        title: `${t.name}: segments ${t.segments.join(", ")}`,
        onclick: () => document.getElementById(`cm-t${i}`).scrollIntoView({ behavior: "smooth", block: "center" }),
      }, el("b", {}, t.name), el("small", {}, t.castles && t.castles.side ? `${t.castles.count} ${t.castles.side}` : `${t.segments.length} seg.`),
      verdict && verdict[1] ? el("small", { class: `majority side-${verdict[1]}` }, verdict[1]) : null);
      return disc;
    }), el("div", { class: "cm-centre" }, "clockwise"));
  }

  function territoryCard(t, i) {
    const verdict = verdicts[i];
    return el("div", { class: "cm-territory", id: `cm-t${i}`, path: ["territories", i] },
      el("div", { class: "row" },
        el("input", { class: "name", value: t.name, "aria-label": `name of territory ${i + 1}`, oninput: (e) => {
          if (m.emperor === t.name) m.emperor = e.target.value;
          t.name = e.target.value;
          Desk.change();
        }, onchange: () => Desk.rebuild() }),
        el("label", { class: "small", path: ["territories", i, "segments"] }, "segments ", el("input", { value: t.segments.join(", "), inputmode: "numeric",
          oninput: (e) => { t.segments = numbers(e.target.value); Desk.change(); } }))),
      el("div", { class: "clans", path: ["territories", i, "paladins"] }, CLANS.map((clan) => el("label", { class: `clan ${clan}`, title: `${clan} paladins` },
        el("span", { class: "clan-name", "aria-hidden": "true" }, clan), el("input", { class: "tiny", inputmode: "numeric", value: text(t.paladins[clan] || ""), "aria-label": `${clan} paladins in ${t.name}`,
          oninput: (e) => { t.paladins[clan] = count(e.target.value); Desk.change(); } })))),
      el("div", { class: "row", path: ["territories", i, "castles"] }, el("span", { class: "what" }, "castles"),
        select([["", "none"], ...SIDES], t.castles ? t.castles.side : "", { "aria-label": `side of the castles in ${t.name}`, onchange: (e) => { t.castles = e.target.value ? { side: e.target.value, count: t.castles ? t.castles.count : 1 } : null; Desk.rebuild(); } }),
        t.castles ? el("input", { class: "tiny", inputmode: "numeric", value: text(t.castles.count), "aria-label": `castles in ${t.name}`,
          oninput: (e) => { t.castles.count = count(e.target.value); Desk.change(); } }) : null),
      el("div", { class: "row actions" },
        el("button", { type: "button", onclick: () => merge(i), title: "Merge with the next territory clockwise" }, "Merge with next"),
        t.segments.length > 1 ? el("button", { type: "button", onclick: () => split(i) }, "Split off a segment") : null),
      verdict ? el("p", { class: "verdict" }, Object.entries(verdict[0]).map(([side, n]) => `${side} ${n}`).join(" · "),
        verdict[1] ? ` → majority ${verdict[1]}` : " → no majority") : null);
  }

  function render(root) {
    const players = el("fieldset", { path: ["players"] }, el("legend", {}, "Players"), m.players.map((p, i) => {
      const [name, note] = nameField(p, everyone, { "aria-label": `player ${i + 1}` }, Desk.rebuild);
      return el("div", { class: "row", path: ["players", i] }, name,
        select(SIDES, p.side, { "aria-label": `side of ${p.name}`, onchange: (e) => { p.side = e.target.value; Desk.rebuild(); } }),
        el("button", { type: "button", class: "remove", disabled: m.players.length <= 2, title: "Remove this player", "aria-label": `remove ${p.name || `player ${i + 1}`}`, onclick: () => {
          m.players.splice(i, 1);
          m.courts = m.courts.filter(([q]) => q !== p);
          for (const clan of CLANS) if (m.clans[clan] === p) m.clans[clan] = null;
          Desk.removed(`${p.name || `Player ${i + 1}`} removed, with their court and clans`);
        } }, "✕"), note);
    }),
    el("button", { type: "button", disabled: m.players.length >= 4, onclick: () => {
      const names = [...everyone()].map((p) => p.name);
      let n = m.players.length + 1;
      while (names.includes(`Player ${n}`)) n++;
      const player = Desk.identity(`Player ${n}`, { side: SIDES.find((s) => !sides().includes(s)) || "black" });
      m.players.push(player);
      m.courts.push([player, {}]);
      Desk.rebuild();
    } }, "Add a player"));
    const courts = el("fieldset", { path: ["courts"] }, el("legend", {}, "Courts and clan markers"), el("table", { class: "courts" },
      el("thead", {}, el("tr", {}, el("th", {}, "court of"), CLANS.map((c) => el("th", { class: `clan ${c}` }, c)))),
      el("tbody", {}, m.courts.map(([player, cubes]) => el("tr", { path: ["courts", player.name] }, el("th", {}, player.name),
        CLANS.map((clan) => el("td", { class: `clan ${clan}` }, el("span", { class: "clan-name", "aria-hidden": "true" }, clan), el("input", { class: "tiny", inputmode: "numeric", value: text(cubes[clan] || ""), "aria-label": `${clan} in ${player.name}'s court`,
          oninput: (e) => { cubes[clan] = count(e.target.value); Desk.change(); } }))))),
      el("tr", { path: ["clans"], class: "markers" }, el("th", {}, "marker"), CLANS.map((clan) => el("td", { class: `clan ${clan}`, path: ["clans", clan] },
        el("span", { class: "clan-name", "aria-hidden": "true" }, clan), pickPlayer(m.players, m.clans[clan] || null, { "aria-label": `holder of the ${clan} marker` }, (p) => { m.clans[clan] = p; Desk.change(); }, "—")))))));
    const board = el("fieldset", {}, el("legend", {}, "The Emperor and the castles left"),
      el("div", { class: "row", path: ["emperor"] }, el("span", { class: "what" }, "Emperor on"),
        select(m.territories.map((t) => t.name), m.emperor, { "aria-label": "the Emperor's territory", onchange: (e) => { m.emperor = e.target.value; Desk.rebuild(); } })),
      el("div", { class: "row", path: ["supply"] }, el("span", { class: "what" }, "supply"), sides().map((side) => el("label", { class: "small", path: ["supply", side] }, `${side} `,
        el("input", { class: "tiny", inputmode: "numeric", value: text(m.supply[side] ?? 0), oninput: (e) => { m.supply[side] = count(e.target.value); Desk.change(); } })))));
    root.append(el("div", { class: "cm" },
      el("div", { class: "cm-top" }, players, courts, board),
      el("div", { class: "cm-ring-box", path: ["territories"] }, ring()),
      el("div", { class: "cm-territories" }, m.territories.map(territoryCard))));
  }

  function show(answer, result) {
    const data = answer.result;
    const had = JSON.stringify(verdicts);
    verdicts = data ? data.territories.map((t) => [t.strength, t.majority]) : [];
    if (JSON.stringify(verdicts) !== had) {
      // The verdicts sit on the ring and on each territory: redraw those, keeping the focused field.
      const box = document.querySelector(".cm-ring-box");
      if (box) box.replaceChildren(ring());
      document.querySelectorAll(".cm-territory").forEach((card, i) => {
        card.querySelector(".verdict")?.remove();
        const v = verdicts[i];
        if (v) card.append(el("p", { class: "verdict" }, Object.entries(v[0]).map(([side, n]) => `${side} ${n}`).join(" · "), v[1] ? ` → majority ${v[1]}` : " → no majority"));
      });
    }
    if (!data) { result.append(el("p", { class: "waiting" }, "The result waits for the problems to be fixed.")); return; }
    result.append(el("h2", {}, "Clan control"), el("table", { class: "score" }, el("tbody", {},
      CLANS.map((clan) => el("tr", {}, el("th", { class: `clan ${clan}` }, clan), el("td", {}, data.control[clan] || "nobody"))))));
    result.append(el("h2", {}, "If the Emperor stopped…"), el("table", { class: "score reach" },
      el("thead", {}, el("tr", {}, ["steps", "on", "what happens", "ends?"].map((h) => el("th", {}, h)))),
      el("tbody", {}, data.reach.map((stop) => el("tr", {}, el("td", {}, stop.steps), el("td", {}, stop.territory),
        el("td", {}, stop.result === "nothing" ? "nothing" : `${stop.side} ${stop.result === "build" ? "builds a castle" : "takes over"}${stop.merges.length ? `, merging ${stop.merges.join(", ")}` : ""}`),
        el("td", {}, stop.ends_game ? "yes" : ""))))));
    result.append(el("h2", {}, "Castles"), el("table", { class: "score" }, el("tbody", {}, data.sides.map((s) => el("tr", {},
      el("th", {}, `${s.side} (${s.players.join(", ")})`), el("td", { class: "total" }, `${s.castles} on the board`), el("td", {}, `${s.supply} left`))))));
    result.append(el("p", { class: "winners" }, data.over ? `Game over (${data.reason}). ${data.winners.length > 1 ? "Winners" : "Winner"}: ${data.winners.join(", ")}` : "The game goes on."));
  }

  Desk.register("carolus-magnus", { open, render, show, document: documentOf });
})();
