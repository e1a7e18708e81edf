// The desk page: what every game shares. Each game's script registers an editor with
// Desk.register(id, editor); the editor turns the position's data into fields and back.
// Every text the user typed reaches the page through textContent or a field's value, never as HTML.
"use strict";

const Desk = (() => {
  const data = JSON.parse(document.getElementById("desk-data").textContent);
  const editors = {};
  const opened = {};  // game id -> its editor already holds a position
  let game = null;
  let inflight = false, pending = false, lastAnswer = null;

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

  // "5, 3" -> [5, 3]; what is not a whole number stays text, for the server to point out.
  function numbers(text) {
    return text.split(/[\s,]+/).filter(Boolean).map((w) => (/^-?\d+$/.test(w) ? Number(w) : w));
  }

  function status(text, kind = "") {
    const node = document.getElementById("status");
    node.textContent = text;
    node.className = kind;
  }

  async function api(path, body, raw = false) {
    const options = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const response = await fetch(path, { credentials: "same-origin", ...options });
    if (raw) return response;
    let answer = {};
    try { answer = await response.json(); } catch (e) { answer = { error: await response.text().catch(() => "") }; }
    return { ok: response.ok, status: response.status, data: answer };
  }

  function request() {
    const editor = editors[game];
    return { game, document: editor.document(), ...(editor.extra ? editor.extra() : {}) };
  }

  // Evaluate the position now; edits made while a request is under way are sent right after it.
  async function change() {
    if (inflight) { pending = true; return; }
    inflight = true;
    try {
      const sent = game;
      const answer = await api("/api/evaluate", request());
      if (sent === game) show(answer);
    } catch (error) {
      status("The desk does not answer: is pnp desk still running?", "bad");
    } finally {
      inflight = false;
      if (pending) { pending = false; change(); }
    }
  }

  function show(answer) {
    if (!answer.ok) { status(answer.data.error || `error ${answer.status}`, "bad"); return; }
    const found = answer.data;
    lastAnswer = found;
    placeProblems(found.problems);
    const count = found.problems.length;
    status(count ? `${count} problem${count > 1 ? "s" : ""}: see the red notes` : (found.summary || ""), count ? "bad" : "good");
    document.getElementById("explain").textContent = found.text || "";
    document.getElementById("explain-box").hidden = !found.text;
    const result = document.getElementById("result");
    result.replaceChildren();
    editors[game].show(found, result);
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
      if (target) {
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

  // A game without a page of its own: its position as JSON text, read back on every edit.
  function generic() {
    let doc = {};
    return {
      open(opening) { doc = opening.document || {}; },
      document() { return doc; },
      render(editor) {
        const box = el("textarea", { class: "generic", rows: 16, spellcheck: "false", "aria-label": "position", path: [] });
        box.value = JSON.stringify(doc, null, 2);
        box.addEventListener("input", () => {
          try { doc = JSON.parse(box.value); } catch (e) { status("Not valid JSON yet", "bad"); return; }
          change();
        });
        editor.append(el("fieldset", {}, el("legend", {}, "Position"), box));
      },
      show(found, result) {
        if (found.summary) result.append(el("p", { class: "summary" }, found.summary));
      },
    };
  }

  function editorOf(gameId) {
    if (!editors[gameId]) editors[gameId] = generic();
    return editors[gameId];
  }

  function load(gameId, opening) {
    editorOf(gameId).open(opening);
    opened[gameId] = true;
    choose(gameId);
  }

  async function choose(gameId) {
    game = gameId;
    document.querySelectorAll("#games button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.game === gameId)));
    const info = data.games.find((g) => g.id === gameId);
    document.getElementById("save").textContent = `Save ${info.file}`;
    document.getElementById("download-pdf").hidden = !info.has_picture;
    if (!opened[gameId]) {
      const answer = await api(`/api/blank/${gameId}`);
      if (!answer.ok) { status(answer.data.error, "bad"); return; }
      if (opened[gameId] || game !== gameId) return;  // a file was opened, or another game chosen, meanwhile
      editorOf(gameId).open(answer.data);
      opened[gameId] = true;
    }
    document.body.dataset.game = gameId;
    document.getElementById("result").replaceChildren();
    const editor = document.getElementById("editor");
    editor.replaceChildren();
    editorOf(gameId).render(editor);
    change();
  }

  // Redraw the current game's fields (after adding or removing something), then evaluate.
  function rebuild() {
    const editor = document.getElementById("editor");
    const scroll = window.scrollY;
    editor.replaceChildren();
    editors[game].render(editor);
    window.scrollTo(0, scroll);
    change();
  }

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

  async function save() {
    await settled();  // else an evaluation sent before the save would replace its "Saved"
    const editor = editors[game];
    const answer = await api("/api/save", { game, document: editor.document(), unsure: editor.unsure ? editor.unsure() : [] });
    if (answer.ok) status(`Saved ${answer.data.saved}`, "good");
    else if (answer.data.problems) { placeProblems(answer.data.problems); status(`Not saved: fix the ${answer.data.problems.length} problems first`, "bad"); }
    else status(`Not saved: ${answer.data.error}`, "bad");
  }

  async function pdf() {
    const response = await api("/api/picture", request(), true);
    if (!response.ok) { status("No picture: " + ((await response.json().catch(() => ({}))).error || response.status), "bad"); return; }
    download(`${game}-score.pdf`, await response.blob());
  }

  async function upload(input) {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    const response = await fetch("/api/open", { method: "POST", body: form, credentials: "same-origin" });
    const answer = await response.json().catch(() => ({ error: `error ${response.status}` }));
    if (!response.ok) { status(`Not opened: ${answer.error}`, "bad"); return; }
    load(answer.game, answer);
    status(`Opened ${file.name}; Save writes ${data.games.find((g) => g.id === answer.game).file}`, "good");
  }

  function start() {
    const nav = document.getElementById("games");
    for (const info of data.games) {
      nav.append(el("button", { type: "button", "data-game": info.id, onclick: () => choose(info.id) }, info.name));
    }
    nav.hidden = data.games.length < 2;
    document.getElementById("save").addEventListener("click", save);
    document.getElementById("download-json").addEventListener("click", () => {
      if (lastAnswer && lastAnswer.result) download(`${game}-result.json`, new Blob([JSON.stringify(lastAnswer.result, null, 2)], { type: "application/json" }));
    });
    document.getElementById("download-pdf").addEventListener("click", pdf);
    document.getElementById("open-file").addEventListener("change", (e) => upload(e.target));
    const asked = data.games.find((g) => `#${g.id}` === window.location.hash);  // a link to one game's page
    if (data.start) load(data.start.game, data.start);
    else choose((asked || data.games[0]).id);
  }

  document.addEventListener("DOMContentLoaded", start);
  return { register: (id, editor) => { editors[id] = editor; }, el, select, numbers, change, rebuild, status, api };
})();
