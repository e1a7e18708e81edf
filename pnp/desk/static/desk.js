// The desk page: what every game shares. Each game's script registers an editor with
// Desk.register(id, editor); the editor turns the position's data into fields and back.
// Every text the user typed reaches the page through textContent or a field's value, never as HTML.
// Work is never lost: a save names the version of the file the page loaded (the desk refuses one
// over a file changed since, and the page offers what to do); edits not yet saved are marked, kept
// as a draft of this tab's own (in the browser's storage and by the desk) and offered back, every
// draft of the file, when a page opens it again; while the desk does not answer, edits are shown,
// marked not checked and sent again until it does.
"use strict";

const Desk = (() => {
  const data = JSON.parse(document.getElementById("desk-data").textContent);
  const editors = {};
  const opened = {};  // game id -> its editor already holds a position
  let game = null;
  let inflight = false, pending = false, lastAnswer = null;
  let reveal = false;  // a position just loaded: its first problem is brought into sight (an edit's stays by its field)
  const files = {};  // game id -> { file, version, holds }: the file Save writes, as the page last read or wrote it
  const unsaved = {};  // game id -> its position has edits not saved
  const unreadable = {};  // game id -> its file's problems and text, shown until a new position is started
  const blank = {};  // game id -> a new position not edited yet: its problems wait for the first edit
  // game id -> { states, at, saved }: every position the page has held (as `written` gives it),
  // the one shown, and the one its file holds. Undo and Redo move along `states`; an edit after
  // an undo drops the positions undone. Typing in one field is one step, not one a letter.
  const history = {};
  const HISTORY = 200;  // steps kept a game
  const DRAFT_STEPS = 50, DRAFT_BYTES = 384 * 1024;  // steps kept with a draft: the desk keeps a draft up to 512 KiB
  let typing = null;  // the text field the last step was typed in
  const DIGITS = { fa: "۰۱۲۳۴۵۶۷۸۹" };
  const rtl = document.documentElement.dir === "rtl";
  // A number in the language's digits; a negative one in a right-to-left page isolated left to
  // right, so that its minus stays before its digits.
  function number(value) {
    const text = DIGITS[data.lang] ? String(value).replace(/[0-9]/g, (d) => DIGITS[data.lang][d]) : String(value);
    return rtl && /^-\S/.test(text) ? `\u2066${text}\u2069` : text;
  }
  // The plural form of a noun after a whole number, as pnp.render.i18n says it (CLDR's categories).
  function pluralForm(count) {
    const n = Math.abs(count);
    if (data.lang === "ru") {
      if (n % 10 === 1 && n % 100 !== 11) return "one";
      return n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14) ? "few" : "many";
    }
    return data.lang === "en" && n === 1 ? "one" : "other";
  }
  // The page's words in its language: a game's own `table` (Desk.words(gameId)), then `data.text`,
  // the catalog's `desk.page` texts; a counted text in its plural form. `{name}` filled in: a
  // number in the language's digits, and in a right-to-left page any other value (a name, a file,
  // an id) isolated, so that it keeps its own direction inside the sentence. A text missing from
  // the catalogs shows as its key.
  function words(table) {
    return (key, values = {}) => {
      const counted = `${key}.${pluralForm(values.count)}`;
      const text = table[key] ?? table[counted] ?? data.text[key] ?? data.text[counted] ?? key;
      return text.replace(/\{(\w+)\}/g, (whole, name) => {
        const value = values[name];
        if (value === undefined) return whole;
        if (typeof value === "number") return number(value);
        return rtl ? `\u2068${value}\u2069` : String(value);
      });
    };
  }
  const t = words({});
  const wordsOf = (gameId) => words((data.games.find((g) => g.id === gameId) || {}).text || {});
  const SILENT = t("silent");
  // Names (or numbers) in a line, as the language lists them, each isolated in a right-to-left page.
  const list = (items) => items.map((item) => (rtl ? `\u2068${item}\u2069` : item)).join(t("comma"));
  // Drafts: one per file and tab, so that no tab's draft replaces or removes another's. A tab's
  // draft of a game has an id of its own, new for each position the tab loads (a page opened
  // again, or reloaded, never writes over the draft it offers back).
  const tabs = {};  // game id -> the id of this tab's draft of it
  const newTab = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const tabOf = (gameId) => (tabs[gameId] ??= newTab());
  const edits = {};  // game id -> edits made since the position was loaded or saved: what its draft says it holds
  const outbox = new Map();  // a draft's key -> what the desk is to keep of it (null: forget it), until the desk has it
  let flushing = false, sending = null;
  // The tabs of this browser tell each other of their saves: the file a game saves to, and its version.
  const channel = "BroadcastChannel" in window ? new BroadcastChannel("pnp-desk") : null;
  let down = false;  // the desk did not answer the last evaluation
  const retry = { timer: null, delay: 0 };

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "path") node.dataset.path = JSON.stringify(value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "class") node.className = value;
      else if (key === "value") node.value = value;
      else if (key === "checked") node.checked = true;
      else if (key === "style") node.style.cssText = value;  // through CSSOM: the page allows no inline style
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // A select whose options are [value, label] pairs (or plain values); a value not among them
  // (read from a file) is kept as an option, so the server can say what is wrong with it.
  function select(options, value, attrs = {}) {
    const pairs = options.map((o) => (Array.isArray(o) ? o : [o, o]));
    if (value !== undefined && value !== null && !pairs.some(([v]) => v === value)) pairs.push([value, value]);
    const node = el("select", attrs, pairs.map(([v, label]) => el("option", { value: v }, label)));
    node.value = value ?? "";
    return node;
  }

  // Players are identities, not names: a player is an object { id, name, ... }, and whatever
  // belongs to a player (a card, a court, a marker) holds that object. A rename changes one
  // name and nothing else, so two players never merge, whatever is typed on the way; the
  // page's position is written with names only when it is sent (the file's format knows names).
  let identities = 0;
  const identity = (name, fields = {}) => ({ id: `player-${++identities}`, name, ...fields });

  // Who a name in the file is: the first of `players` called so (as the desk reads names, without
  // the spaces around), else an identity of its own for that name, one per name: a slip in the
  // file, kept for the desk to point out and for the user to put right.
  function identify(players) {
    const strangers = [];
    return (name) => {
      const called = (p) => p.name.trim() === name.trim();
      let found = players.find(called) || strangers.find(called);
      if (!found) strangers.push(found = identity(name));
      return found;
    };
  }

  // A select of players: its values their ids, its labels their names; a stranger `chosen` (see
  // identify) is an option too. `pick` gets the identity chosen, or null for `none`'s option.
  function pickPlayer(players, chosen, attrs, pick, none = null) {
    const options = chosen && !players.includes(chosen) ? [...players, chosen] : players;
    return select([...(none === null ? [] : [["", none]]), ...options.map((p) => [p.id, p.name])], chosen ? chosen.id : "", {
      ...attrs, onchange: (e) => pick(options.find((p) => p.id === e.target.value) || null),
    });
  }

  // A player's name field and the note beside it. A name typed becomes the player's name once
  // it is not blank and nobody else `everyone()` holds has it (compared as the desk reads names);
  // until then the field is marked invalid, the note says why, and the player keeps the last
  // name taken. Leaving the field shows that name again and calls `left` if the name changed.
  function nameField(player, everyone, attrs, left = () => {}) {
    const was = player.name;
    const note = el("span", { class: "name-note", id: `${player.id}-name-note`, "aria-live": "polite" });
    const field = el("input", { ...attrs, value: player.name, "aria-describedby": note.id, oninput: () => {
      const name = field.value.trim();
      const why = !name ? t("name_blank")
        : [...everyone()].some((p) => p !== player && p.name.trim() === name) ? t("name_taken", { name }) : "";
      note.textContent = why ? t("name_kept", { why, name: player.name }) : "";
      if (why) { field.setAttribute("aria-invalid", "true"); return; }
      field.removeAttribute("aria-invalid");
      if (name !== player.name) { player.name = name; change(); }
    }, onchange: () => {
      field.value = player.name;
      field.removeAttribute("aria-invalid");
      note.textContent = "";
      if (player.name !== was) left();
    } });
    return [field, note];
  }

  // "5, 3" -> [5, 3] (in any digits, as `number` writes them: "۵، ۳" too); what is not a whole
  // number stays text, for the server to point out.
  function numbers(text) {
    const latin = text.replace(/[\u2066-\u2069]/g, "").replace(/[۰-۹]/g, (d) => "۰۱۲۳۴۵۶۷۸۹".indexOf(d)).replace(/[٠-٩]/g, (d) => "٠١٢٣٤٥٦٧٨٩".indexOf(d));
    return latin.split(/[\s,،]+/).filter(Boolean).map((w) => (/^-?\d+$/.test(w) ? Number(w) : w));
  }

  function status(text, kind = "") {
    const node = document.getElementById("status");
    node.textContent = text;
    node.className = kind;
  }

  // The desk's answer as { ok, status, data }: data is the JSON answer ({ error } when it is not
  // JSON), or a Blob for a file; status 0 when the desk does not answer at all.
  async function api(path, body, form = null) {
    const options = form ? { method: "POST", body: form } : body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    let response;
    try { response = await fetch(path, { credentials: "same-origin", ...options }); } catch (e) {
      return { ok: false, status: 0, data: { error: SILENT } };
    }
    const type = response.headers.get("content-type") || "";
    if (response.ok && !type.startsWith("application/json")) return { ok: true, status: response.status, data: await response.blob() };
    const raw = await response.text().catch(() => "");  // read once: a refusal may be JSON or plain text
    let answer;
    try { answer = JSON.parse(raw); } catch (e) { answer = { error: raw || t("error_status", { status: response.status }) }; }
    return { ok: response.ok, status: response.status, data: answer };
  }

  const fileOf = (gameId) => (files[gameId] ? files[gameId].file : "");
  const draftKey = (gameId, file = fileOf(gameId), tab = tabOf(gameId)) => `pnp-desk ${file} ${gameId} ${tab}`;

  // A game (the current one unless named) has edits not saved: marked on the page, kept in the
  // browser's storage.
  function edited(gameId = game) {
    record(gameId);
    edits[gameId] = (edits[gameId] || 0) + 1;
    unsaved[gameId] = true;
    delete blank[gameId];
    marked();
    keep(gameId);
  }

  // A game's edits kept as this tab's draft: in the browser's storage, and by the desk (where a
  // page on another port finds them).
  function keep(gameId) {
    const draft = { tab: tabOf(gameId), ...JSON.parse(written(gameId)), version: files[gameId] ? files[gameId].version : null,
      at: Date.now(), edits: edits[gameId] || 0, history: stepsKept(gameId) };
    try {
      localStorage.setItem(draftKey(gameId), JSON.stringify(draft));
    } catch (e) { /* storage full or refused: the page still holds the edits, and the desk a draft */ }
    send(gameId, fileOf(gameId), draft.tab, draft);
  }

  // The last steps of a game's history that fit in a draft (at most DRAFT_STEPS, DRAFT_BYTES as
  // sent), ending on the one shown. Which of them the file holds is not kept: the file is read
  // again when the draft is restored, and may have changed since.
  function stepsKept(gameId) {
    const steps = history[gameId];
    if (!steps) return null;
    const size = (text) => new TextEncoder().encode(JSON.stringify(text)).length;
    let from = steps.at, bytes = size(steps.states[from]);
    while (from > 0 && steps.at - from + 1 < DRAFT_STEPS && (bytes += size(steps.states[from - 1])) <= DRAFT_BYTES) from--;
    const states = steps.states.slice(from, steps.at + 1);  // the steps undone are not kept: an edit drops them anyway
    return { states, at: states.length - 1 };
  }

  // A draft (this tab's unless named) removed: saved, undone back to the file, or discarded.
  function forget(gameId, file = fileOf(gameId), tab = tabOf(gameId)) {
    try { localStorage.removeItem(draftKey(gameId, file, tab)); } catch (e) { /* nothing kept */ }
    send(gameId, file, tab, null);
  }

  // What the desk is to keep of a draft (null: forget it), sent in order, the latest of each
  // draft only; what the desk did not take for not answering waits until it answers again.
  function send(gameId, file, tab, draft) {
    if (!data.drafts) return;  // a desk without a store of its own: the browser's is the only one
    outbox.set(`${file} ${gameId} ${tab}`, { game: gameId, file, tab, draft });
    if (!sending) sending = setTimeout(() => { sending = null; flush(); }, 200);  // a burst of taps: one request
  }

  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      while (outbox.size) {
        const [key, item] = outbox.entries().next().value;
        const answer = item.draft ? await api("/api/drafts", { game: item.game, file: item.file, ...item.draft })
          : await api("/api/drafts/forget", { game: item.game, file: item.file, tab: item.tab });
        if (answer.status === 0) return;  // sent again once the desk answers
        if (outbox.get(key) === item) outbox.delete(key);  // else a newer one came meanwhile: it goes next
      }
    } finally { flushing = false; }
  }

  function marked() {
    const flag = Boolean(unsaved[game]);
    document.getElementById("unsaved").hidden = !flag;
    document.title = `${flag ? "• " : ""}${t("title")}`;
    const steps = history[game];
    document.getElementById("undo").disabled = !steps || steps.at === 0;
    document.getElementById("redo").disabled = !steps || steps.at === steps.states.length - 1;
  }

  // A game's position as it is now, a step in its history (the first: as opened, and held by its
  // file when `saved`).
  function record(gameId, first = false, saved = false) {
    const now = written(gameId);
    if (first || !history[gameId]) {
      history[gameId] = { states: [now], at: 0, saved: saved ? now : null };
      typing = null;
      return;
    }
    const steps = history[gameId];
    if (steps.states[steps.at] === now) return;
    const field = document.activeElement;
    const typed = field && field.matches("input:not([type=checkbox]):not([type=file]), textarea") ? field : null;
    steps.states.length = steps.at + 1;  // the steps undone are dropped
    if (typed && typed === typing && steps.at > 0 && steps.states[steps.at] !== steps.saved) steps.states[steps.at] = now;
    else steps.states.push(now);
    typing = typed;
    if (steps.states.length > HISTORY) steps.states.shift();
    steps.at = steps.states.length - 1;
  }

  // Undo (-1) or redo (+1) a step of the current game: the fields redrawn as they were, marked
  // saved when that is what the file holds.
  function step(by) {
    const steps = history[game];
    if (!steps || !steps.states[steps.at + by] || unreadable[game]) return;
    steps.at += by;
    typing = null;
    const now = JSON.parse(steps.states[steps.at]);
    editors[game].open({ document: now.document, unsure: now.unsure });
    redraw();
    if (steps.states[steps.at] === steps.saved) {
      unsaved[game] = false;
      forget(game);
      marked();
    } else {
      unsaved[game] = true;
      keep(game);
      marked();
    }
    evaluate();
  }

  // A game's position saved as `file` at `version`; edits made while the save was under way (the
  // file holds `sent`, what the page held then) stay marked and kept, with the new version.
  // Only this tab's draft goes: another tab's edits are its own, not saved.
  function savedNow(gameId, file, version, sent) {
    const from = fileOf(gameId);
    forget(gameId, from);
    files[gameId] = { file, version, holds: gameId };
    edits[gameId] = 0;
    if (history[gameId]) history[gameId].saved = sent;
    if (written(gameId) !== sent) { edited(gameId); return; }
    unsaved[gameId] = false;
    marked();
  }

  // Another tab saved a game as `file` (from `from`, the file both saved to, or a new name): this
  // tab saves there too. Without edits of its own it shows what was saved; with edits, they stay
  // not saved, its draft follows the file and its version stays, so its save asks first.
  function savedElsewhere({ game: gameId, from, file, version, sent }) {
    if (!files[gameId] || ![from, file].includes(files[gameId].file)) return;
    const was = files[gameId].file;
    files[gameId].file = file;
    if (gameId === game) document.getElementById("save").textContent = t("save_file", { file });
    if (!unsaved[gameId] && !unreadable[gameId]) {
      Object.assign(files[gameId], { version, holds: gameId });
      editorOf(gameId).open(JSON.parse(sent));
      delete blank[gameId];
      record(gameId, true, true);
      if (gameId === game) { redraw(); marked(); evaluate(); status(t("saved_elsewhere", { file }), "good"); }
      return;
    }
    if (was !== file) { forget(gameId, was); keep(gameId); }
    if (gameId === game) status(t("saved_elsewhere_edits", { file }), "bad");
  }

  // One message above the page with the choices it offers: [label, action] pairs.
  function notice(paragraphs, choices = []) {
    const box = document.getElementById("notice");
    box.replaceChildren(...paragraphs.map((p) => (p instanceof Node ? p : el("p", {}, p))),
      el("div", { class: "row" }, choices.map(([label, action]) => el("button", { type: "button", onclick: () => { box.hidden = true; action(); } }, label))));
    box.hidden = false;
    box.scrollIntoView({ block: "nearest" });
  }

  function request(gameId = game) {
    const editor = editors[gameId];
    return { game: gameId, document: editor.document(), ...(editor.extra ? editor.extra() : {}) };
  }

  // What a save writes of a game's position, as text: what the page holds now is saved when it is the same.
  function written(gameId) {
    const editor = editors[gameId];
    return JSON.stringify({ document: editor.document(), unsure: editor.unsure ? editor.unsure() : [] });
  }

  // An edit: marked and kept, then evaluated; while the desk does not answer, the editor draws it
  // at once without the desk's answer.
  function change() {
    edited();
    if (down && editors[game].unchecked) editors[game].unchecked();
    evaluate();
  }

  // Evaluate the position now; edits made while a request is under way are sent right after it.
  async function evaluate() {
    if (inflight) { pending = true; return; }
    inflight = true;
    try {
      const sent = game;
      const answer = await api("/api/evaluate", request());
      if (sent === game) show(answer);
      if (answer.status === 0) unanswered();
      else if (down) answeredAgain();
    } finally {
      inflight = false;
      if (pending) { pending = false; evaluate(); }
    }
  }

  // The desk does not answer: the edits stay, drawn, marked not checked, and are sent again after
  // a while, waiting longer each time (1, 2, 4 … 30 s), or at once with Retry now.
  function unanswered() {
    down = true;
    clearTimeout(retry.timer);
    retry.delay = Math.min(retry.delay ? retry.delay * 2 : 1000, 30000);
    retry.timer = setTimeout(evaluate, retry.delay);
    document.getElementById("retry").hidden = false;
  }

  function answeredAgain() {
    down = false;
    clearTimeout(retry.timer);
    retry.delay = 0;
    document.getElementById("retry").hidden = true;
    flush();  // the drafts the desk did not take meanwhile
  }

  function show(answer) {
    if (!answer.ok) {
      lastAnswer = { error: answer.status ? answer.data.error : SILENT };  // no result to download: not an older one
      status(answer.status ? answer.data.error : t("not_checked", { why: SILENT }), "bad");
      if (answer.status) { document.getElementById("bar-totals").textContent = ""; return; }
      const result = document.getElementById("result");
      if (!result.querySelector(".unchecked")) {
        result.prepend(el("p", { class: "unchecked" }, t("unchecked")));
      }
      document.body.classList.add("unchecked");
      if (editors[game].unchecked) editors[game].unchecked();
      return;
    }
    document.body.classList.remove("unchecked");
    const found = blank[game] && answer.data.problems.length ? { ...answer.data, problems: [] } : answer.data;
    lastAnswer = found;
    document.getElementById("bar-totals").textContent = found.totals || "";  // the phone's bar: none while there are problems
    const count = found.problems.length;
    if (found !== answer.data) status(t("new_position"));
    else status(count ? t("problems", { count }) : (found.summary || ""), count ? "bad" : "good");
    document.getElementById("explain").textContent = found.text || "";
    document.getElementById("explain-box").hidden = !found.text;
    const result = document.getElementById("result");
    result.replaceChildren();
    editors[game].show(found, result);
    placeProblems(found.problems);  // after the editor redrew what it shows, so no note goes with it
    if (reveal && count) firstProblemInSight();
    reveal = false;
    document.getElementById("download-json").disabled = !found.result;
    document.getElementById("download-pdf").disabled = !found.result;
  }

  // Each problem goes next to the field its path names, or the nearest field holding it.
  function placeProblems(problems) {
    const editor = document.getElementById("editor");
    editor.querySelectorAll(".problem-note").forEach((n) => n.remove());
    editor.querySelectorAll(".has-problem").forEach((n) => n.classList.remove("has-problem"));
    const general = document.getElementById("problems");
    general.replaceChildren();
    for (const problem of problems) {
      let target = null;
      for (let i = problem.path.length; i > 0 && !target; i--) {
        const key = JSON.stringify(problem.path.slice(0, i));
        target = [...editor.querySelectorAll("[data-path]")].find((n) => n.dataset.path === key) || null;
      }
      const note = el("p", { class: "problem-note" }, problem.message);
      if (target && target.getClientRects().length) {  // a field out of sight cannot show its note
        // Beside a field, at the end of a group, in the heading cell of a table row.
        target.classList.add("has-problem");
        if (target.matches("input, select, button, .board-frame")) target.after(note);
        else if (target.matches("tr")) target.firstElementChild.append(note);
        else target.append(note);
      } else {
        general.append(note);
      }
    }
  }

  function firstProblemInSight() {
    (document.querySelector("#editor .problem-note") || document.querySelector("#problems .problem-note"))?.scrollIntoView({ block: "center" });
  }

  // A game without a page of its own: its position as JSON text, read back on every edit.
  function generic() {
    let doc = {};
    return {
      open(opening) { doc = opening.document || {}; },
      document() { return doc; },
      render(editor) {
        const box = el("textarea", { class: "generic", rows: 16, spellcheck: "false", "aria-label": t("position"), path: [], dir: "ltr" });
        box.value = JSON.stringify(doc, null, 2);
        box.addEventListener("input", () => {
          try { doc = JSON.parse(box.value); } catch (e) { status(t("not_json"), "bad"); return; }
          change();
        });
        editor.append(el("fieldset", {}, el("legend", {}, t("position")), box));
      },
      show(found, result) {
        if (found.summary) result.append(el("p", { class: "summary" }, found.summary));
        // The result as `pnp score` prints it, in sight: the page has no table of its own to show it in.
        if (found.text) result.append(el("pre", { class: "report" }, found.text));
        document.getElementById("explain-box").hidden = true;
      },
    };
  }

  function editorOf(gameId) {
    if (!editors[gameId]) editors[gameId] = generic();
    return editors[gameId];
  }

  // A position the page now holds for a game: from its file (`file` and `version` say which), or
  // opened from elsewhere (then not saved yet); edits kept in the browser are offered back.
  function load(gameId, opening, fromFile = true) {
    editorOf(gameId).open(opening);
    opened[gameId] = true;
    if (opening.unreadable) unreadable[gameId] = { file: opening.file, ...opening.unreadable };
    else delete unreadable[gameId];
    if (fromFile && !opening.unreadable && opening.holds !== gameId) blank[gameId] = true;  // the blank form
    else delete blank[gameId];
    if (fromFile || !files[gameId]) files[gameId] = { file: opening.file || data.games.find((g) => g.id === gameId).file, version: opening.version ?? null, holds: opening.holds ?? null };
    unsaved[gameId] = !fromFile;
    const held = files[gameId].holds;
    if (held && held !== gameId) {
      notice([t("holds_other", { file: files[gameId].file, game: data.games.find((g) => g.id === held)?.name || held })]);
    }
    reveal = true;
    tabs[gameId] = newTab();  // a draft of its own: the one this tab kept of the position before is offered with the others
    edits[gameId] = 0;
    record(gameId, true, fromFile && !opening.unreadable);
    choose(gameId);
    if (!fromFile) { edited(); return; }
    offer(gameId, JSON.stringify(editorOf(gameId).document()));
  }

  // Every draft of a game's file (`file`: its document as read) is offered, with when it was made
  // and how many edits it holds, each until the user restores or discards it: a new edit here
  // goes to this tab's own draft. A draft holding just what the file holds is dropped.
  async function offer(gameId, file) {
    const name = fileOf(gameId), found = new Map();
    try {
      const earlier = localStorage.getItem(`pnp-desk ${name} ${gameId}`);  // a page before drafts per tab kept one a file
      if (earlier) {
        const tab = newTab();
        localStorage.setItem(draftKey(gameId, name, tab), JSON.stringify({ ...JSON.parse(earlier), tab }));  // how many edits: not known
        localStorage.removeItem(`pnp-desk ${name} ${gameId}`);
      }
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        const draft = key.startsWith(`pnp-desk ${name} ${gameId} `) ? JSON.parse(localStorage.getItem(key)) : null;
        if (draft && typeof draft.tab === "string") found.set(draft.tab, { ...draft, where: "browser" });
      }
    } catch (e) { /* no storage: the desk's drafts alone */ }
    if (data.drafts) {
      const answer = await api(`/api/drafts/${gameId}?file=${encodeURIComponent(name)}`);
      for (const draft of answer.ok ? answer.data.drafts : []) {
        if (!found.has(draft.tab) || found.get(draft.tab).at < draft.at) found.set(draft.tab, { ...draft, where: "desk" });
      }
    }
    if (fileOf(gameId) !== name) return;  // another file since
    found.delete(tabOf(gameId));
    const drafts = [...found.values()].filter((draft) => {
      const same = JSON.stringify(draft.document) === file;
      if (same) forget(gameId, name, draft.tab);
      return !same;
    }).sort((a, b) => b.at - a.at);
    if (!drafts.length) return;
    const box = document.getElementById("notice");
    const offers = drafts.map((draft) => {
      const said = [t(`draft_${draft.where}`, { when: new Date(draft.at).toLocaleString(data.lang), edits: draft.edits ? t("draft_edits", { count: draft.edits }) : "" }),
        draft.version !== files[gameId].version ? t("draft_earlier") : ""];
      const item = el("div", { class: "draft" }, el("p", {}, said.filter(Boolean).join(" ")));
      const chosen = (action) => () => { item.remove(); if (!box.querySelector(".draft")) box.hidden = true; action(); };
      item.append(el("div", { class: "row" },
        el("button", { type: "button", onclick: chosen(() => restore(gameId, name, draft)) }, t("restore")),
        el("button", { type: "button", onclick: chosen(() => forget(gameId, name, draft.tab)) }, t("discard"))));
      return item;
    });
    notice(offers);
  }

  // A draft restored becomes this tab's; what the tab held, if not saved, stays a draft of its own.
  function restore(gameId, name, draft) {
    if (unsaved[gameId]) tabs[gameId] = newTab();
    editorOf(gameId).open({ document: draft.document, unsure: draft.unsure || [] });
    files[gameId].version = draft.version ?? null;  // saved over a file changed since, it asks first
    delete unreadable[gameId];
    delete blank[gameId];
    unsaved[gameId] = true;
    edits[gameId] = draft.edits || 0;
    resumed(gameId, draft.history);
    keep(gameId);
    forget(gameId, name, draft.tab);
    choose(gameId);
  }

  // A restored draft's history goes on from where it was left, so Undo steps back through the
  // edits made before: a step marked saved if it holds what the file holds now (as read here).
  function resumed(gameId, kept) {
    const file = history[gameId] ? history[gameId].saved : null;
    const fine = kept && Array.isArray(kept.states) && kept.states.length && kept.states.every((s) => typeof s === "string")
      && Number.isInteger(kept.at) && kept.at >= 0 && kept.at < kept.states.length;
    if (fine) {
      history[gameId] = { states: kept.states.slice(0, kept.at + 1), at: kept.at, saved: file };
      typing = null;
    }
    record(gameId);  // the draft's position, if its history does not end on it
  }

  // Read a game's file again (the file it holds another game's, for that game).
  async function reopen(gameId) {
    const answer = await api(`/api/file/${gameId}`);
    if (!answer.ok) { status(t("not_read", { error: answer.data.error }), "bad"); return; }
    const held = answer.data.holds;
    if (held && held !== gameId && data.games.some((g) => g.id === held)) { reopen(held); return; }
    load(gameId, answer.data);
    status(t("read_again", { file: answer.data.file }), "good");
  }

  // A file that cannot be read: its problems and its text, instead of a blank form.
  function renderUnreadable(editor, found) {
    editor.append(el("fieldset", { class: "unreadable" }, el("legend", {}, t("unreadable", { file: found.file })),
      el("ul", {}, found.problems.map((p) => el("li", { class: "problem-note" }, p.line ? t("line", { line: p.line, message: p.message }) : p.message))),
      el("pre", { class: "file-text" }, found.text.split("\n").map((line, i) => el("span", { class: found.problems.some((p) => p.line === i + 1) ? "bad-line" : null }, `${number(String(i + 1).padStart(3))}  ${line}\n`))),
      el("div", { class: "row" },
        el("button", { type: "button", onclick: () => reopen(game) }, t("read_file_again")),
        el("button", { type: "button", onclick: () => { delete unreadable[game]; blank[game] = true; choose(game); } }, t("start_new")))));
    status(t("unreadable_status", { file: found.file, count: found.problems.length }), "bad");
  }

  // A game's colours as its pictures and kit draw them, as CSS custom properties (--player-0,
  // --clan-red, …): the page's marks take them from there, so a player has one colour everywhere.
  function colours(groups) {
    const style = document.body.style;
    [...style].filter((name) => name.startsWith("--")).forEach((name) => style.removeProperty(name));
    for (const [group, values] of Object.entries(groups)) {
      for (const [key, value] of Object.entries(values)) style.setProperty(`--${group}-${key}`, value);
    }
  }

  async function choose(gameId) {
    game = gameId;
    document.querySelectorAll("#games button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.game === gameId)));
    const info = data.games.find((g) => g.id === gameId);
    document.getElementById("download-pdf").hidden = !info.has_picture;
    if (!opened[gameId]) {
      const answer = await api(`/api/file/${gameId}`);
      if (!answer.ok) { status(answer.data.error, "bad"); return; }
      if (opened[gameId] || game !== gameId) return;  // a file was opened, or another game chosen, meanwhile
      load(gameId, answer.data);
      return;
    }
    document.getElementById("save").textContent = t("save_file", { file: files[gameId] ? files[gameId].file : info.file });
    document.body.dataset.game = gameId;
    colours(info.colours || {});
    marked();
    document.getElementById("result").replaceChildren();
    document.getElementById("problems").replaceChildren();
    document.getElementById("explain-box").hidden = true;
    for (const id of ["download-json", "download-pdf"]) document.getElementById(id).disabled = true;  // until a result
    const editor = document.getElementById("editor");
    editor.replaceChildren();
    const cannot = unreadable[gameId];
    document.getElementById("save").disabled = Boolean(cannot);
    if (cannot) { renderUnreadable(editor, cannot); return; }
    editorOf(gameId).render(editor);
    evaluate();
  }

  function redraw() {
    const editor = document.getElementById("editor");
    const scroll = window.scrollY;
    editor.replaceChildren();
    editors[game].render(editor);
    window.scrollTo(0, scroll);
  }

  // Redraw the current game's fields (after adding or removing something), then evaluate.
  function rebuild() {
    redraw();
    change();
  }

  // Something removed with one tap (a player, a section): redrawn, and said above the page with
  // the way back.
  function removed(what) {
    rebuild();
    notice([what], [[t("undo"), () => step(-1)], [t("dismiss"), () => {}]]);
  }

  // The current game's fields redrawn for a position put back as it was (a scan undone), with
  // what the page knew of it: saved, unless it was not saved then or a save has been made since.
  function putBack(then) {
    redraw();
    if (then.unsaved || (files[game] ? files[game].version : null) !== then.version) { change(); return; }
    unsaved[game] = false;
    forget(game);
    marked();
    evaluate();
  }

  // What putBack needs to know of the position now.
  const savedState = () => ({ unsaved: Boolean(unsaved[game]), version: files[game] ? files[game].version : null });

  function download(name, blob) {
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // Until every evaluation asked for is answered, so that none lands after what follows.
  async function settled() {
    while (inflight || pending) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // Save, over the file as the page last read or wrote it; `how`: { overwrite } or { as_new }.
  async function save(how = {}) {
    await settled();  // else an evaluation sent before the save would replace its "Saved"
    const saving = game, sent = written(game), from = fileOf(game);
    const answer = await api("/api/save", { game, ...JSON.parse(sent), version: files[game] ? files[game].version : null, ...how });
    if (answer.ok) {
      savedNow(saving, answer.data.file, answer.data.version, sent);
      if (channel) channel.postMessage({ saved: { game: saving, from, file: answer.data.file, version: answer.data.version, sent } });
      document.getElementById("save").textContent = t("save_file", { file: answer.data.file });
      document.getElementById("notice").hidden = true;
      // The file's name: the page shows no path of the server's.
      status(t(unsaved[saving] ? "saved_then" : "saved", { file: answer.data.file }), "good");
    } else if (answer.status === 409) {
      conflict(answer.data);
    } else if (answer.data.problems && answer.data.problems.length) {
      placeProblems(answer.data.problems);
      status(t("not_saved_problems", { count: answer.data.problems.length }), "bad");
      firstProblemInSight();
    } else status(t("not_saved", { error: answer.data.error }), "bad");
  }

  // A save refused because it would lose what the file holds: say what, and offer the ways on.
  function conflict(found) {
    status(t("not_saved", { error: found.error }), "bad");
    notice([t("overwriting", { file: found.conflict.file }),
      el("ul", { class: "lost" }, found.conflict.lost.map((line) => el("li", {}, line)))], [
      [t("reload"), () => reopen(game)],
      [t("save_new"), () => save({ as_new: true })],
      [t("overwrite", { file: found.conflict.file }), () => save({ overwrite: true })],
    ]);
  }

  async function pdf() {
    await settled();  // the picture of the position as it is now, edits included
    const answer = await api("/api/picture", request());
    if (!answer.ok) { status(t("no_picture", { error: answer.data.error }), "bad"); return; }
    download(`${game}-score.pdf`, answer.data);
  }

  async function upload(input) {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    const answer = await api("/api/open", undefined, form);
    if (!answer.ok) { status(t("not_opened", { error: answer.data.error }), "bad"); return; }
    load(answer.data.game, answer.data, false);
    status(t("opened", { name: file.name, file: files[answer.data.game].file }), "good");
  }

  function start() {
    const nav = document.getElementById("games");
    for (const info of data.games) {
      nav.append(el("button", { type: "button", "data-game": info.id, onclick: () => choose(info.id) }, info.name));
    }
    nav.hidden = data.games.length < 2;
    document.getElementById("status").after(el("button", { type: "button", id: "retry", hidden: true,
      onclick: () => { clearTimeout(retry.timer); evaluate(); } }, t("retry")));
    window.addEventListener("online", () => { if (down) { clearTimeout(retry.timer); evaluate(); } });
    if (channel) channel.onmessage = (event) => { if (event.data && event.data.saved) savedElsewhere(event.data.saved); };
    document.getElementById("save").addEventListener("click", () => save());
    document.getElementById("undo").addEventListener("click", () => step(-1));
    document.getElementById("redo").addEventListener("click", () => step(1));
    document.addEventListener("keydown", (event) => {  // in a text field, the field's own undo
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.target.matches("input:not([type=checkbox]), textarea, select")) return;
      const key = event.key.toLowerCase();
      const by = key === "z" ? (event.shiftKey ? 1 : -1) : key === "y" && !event.shiftKey ? 1 : 0;
      if (by) { event.preventDefault(); step(by); }
    });
    document.getElementById("download-json").addEventListener("click", async () => {
      await settled();  // the result of the position as it is now, edits included
      if (lastAnswer && lastAnswer.result) download(`${game}-result.json`, new Blob([JSON.stringify(lastAnswer.result, null, 2)], { type: "application/json" }));
      else if (lastAnswer && lastAnswer.error) status(t("no_result", { error: lastAnswer.error }), "bad");
    });
    document.getElementById("download-pdf").addEventListener("click", pdf);
    document.getElementById("open-file").addEventListener("change", (e) => upload(e.target));
    window.addEventListener("beforeunload", (event) => {  // the browser asks before edits not saved are left
      if (Object.values(unsaved).some(Boolean)) { event.preventDefault(); event.returnValue = ""; }
    });
    const asked = data.games.find((g) => `#${g.id}` === window.location.hash);  // a link to one game's page
    if (data.start && (!asked || asked.id === data.start.game)) load(data.start.game, data.start);
    else choose((asked || data.games[0]).id);
    if (data.resumed) {  // said until the page is left: the status line says what each action did
      document.getElementById("status").before(el("p", { id: "resumed" }, t("resumed", { file: data.resumed })));
    }
  }

  document.addEventListener("DOMContentLoaded", start);
  return { register: (id, editor) => { editors[id] = editor; }, el, select, numbers, number, list, words: wordsOf, identity, identify, pickPlayer, nameField, change, rebuild, removed, putBack, savedState, status, api, limits: data.limits };
})();
