// Kingdom Builder: the four sections, the cards, the players, and the board to tap.
"use strict";

(() => {
  const { el, select, number } = Desk;
  const t = Desk.words("kingdom-builder");
  const CARDS = ["fishermen", "miners", "merchants", "workers", "discoverers", "knights", "hermits", "lords", "citizens", "farmers"];
  const LOCATIONS = ["tavern", "paddock", "oasis", "farm", "oracle", "tower", "harbor", "barn"];
  const QUARTERS = ["top-left", "top-right", "bottom-left", "bottom-right"];
  const MARKS = ["●", "▲", "■", "◆"];  // the players' marks on the board, in player order
  const ROWS = "ABCDEFGHIJKLMNOPQRST";
  const SIZE = 20;
  const NOT_SETTLEMENTS = new Set([".", "G", "C", "D", "F", "T", "W", "M", "K", "L"]);  // terrain letters, no settlement

  let m = null;  // the position as the page edits it
  const CORNERS = ["A1", "A20", "T1", "T20"];  // the hexes clicked on a photo, in this order
  let photo = null;  // a photo to scan: { file, url, corners: [[x, y] in the photo's pixels], message, busy, aiming }
  // The position before the last scan draft, to undo it in one step: { m, saved (Desk.savedState),
  // draft (the draft as read, to tell later edits), confirm (later edits would go too: asked once) }.
  let beforeScan = null;
  const LOUPE = 136;  // the magnifier's side in CSS pixels
  let view = { key: null, spots: [], width: 1, height: 1, radius: 1 };
  let nodes = {};
  // The board as shown: `scale` times its width, moved by (x, y) CSS pixels; `cursor`: the hex the
  // keyboard is on (an index into view.spots).
  let zoom = { scale: 1, x: 0, y: 0 };
  let cursor = null;
  const ZOOM_STEP = 1.5, MOST_ZOOM = 6;
  // A finger's tap lands on a hex only with the hexes this far apart (CSS px between centres:
  // about 9 mm on a phone, whose 390 px are some 64 mm); on a board shown smaller it zooms there.
  const TAP_PITCH = 56, TAP_ENOUGH = 0.9;  // three steps of + (52 px on a 390 px phone) are near enough
  const pointers = new Map();  // pointer id -> its last place: one pans a zoomed board, two pinch it
  let gesture = null, dragged = false, pressedBy = "mouse";
  // Whose settlement a tap places: null cycles the hex through the players (and empty); a
  // player's key gives it to that player (a tap on their own settlement takes it off).
  let placing = null;

  const label = (index) => `${ROWS[Math.floor(index / SIZE)]}${(index % SIZE) + 1}`;

  function cellOf(text) {
    const match = /^([A-Ta-t])(\d{1,2})$/.exec(String(text).trim());
    if (!match || +match[2] < 1 || +match[2] > SIZE) return null;
    return ROWS.indexOf(match[1].toUpperCase()) * SIZE + (+match[2] - 1);
  }

  function open(opening) {
    const doc = opening.document && typeof opening.document === "object" ? opening.document : {};
    const entries = Array.isArray(doc.boards) ? doc.boards.map(String) : [];
    const players = typeof doc.players === "number"  // a set-up names only how many
      ? Array.from({ length: doc.players }, (_, i) => Desk.identity(t("player_n", { n: i + 1 }), { key: String(i + 1) }))
      : (Array.isArray(doc.players) ? doc.players : []).map((p) => Desk.identity(String(p && p.name !== undefined && p.name !== null ? p.name : ""), {
        key: String(p && p.key !== undefined && p.key !== null ? p.key : ""),
        ...(p && p.colour !== undefined && p.colour !== null ? { colour: String(p.colour) } : {}),  // for photo scans
      }));
    const keys = new Set(players.map((p) => p.key));
    const owners = new Array(SIZE * SIZE).fill(null);
    if (typeof doc.settlements === "string") {
      const rows = doc.settlements.split("\n").map((line) => line.split("#")[0].trim().split(/\s+/).filter(Boolean)).filter((r) => r.length);
      rows.slice(0, SIZE).forEach((tokens, row) => tokens.slice(0, SIZE).forEach((token, col) => {
        if (keys.has(token) || !NOT_SETTLEMENTS.has(token)) owners[row * SIZE + col] = token;
      }));
    } else if (doc.settlements && typeof doc.settlements === "object") {
      for (const [key, cells] of Object.entries(doc.settlements)) {
        for (const text of Array.isArray(cells) ? cells : []) {
          const index = cellOf(text);
          if (index !== null) owners[index] = key;
        }
      }
    }
    m = {
      boards: [0, 1, 2, 3].map((i) => {
        const [name, turn] = (entries[i] || "").split("@");
        return turn === "180" || turn === "0" || turn === undefined ? { name, turned: turn === "180" } : { name: entries[i], turned: false };
      }),
      boardsDir: doc.boards_dir,  // the folder of the file's own sections: kept as it is
      cards: [0, 1, 2].map((i) => (Array.isArray(doc.cards) && doc.cards[i] !== undefined ? String(doc.cards[i]) : "")),
      extraCards: Array.isArray(doc.cards) ? doc.cards.slice(3).map(String) : [],
      players,
      lords: doc.lords_zero === undefined ? "included" : String(doc.lords_zero),
      owners,
      unsure: Array.isArray(opening.unsure) ? [...opening.unsure] : [],
      focus: null,
    };
    view = { key: null, spots: [], width: 1, height: 1, radius: 1 };
    beforeScan = null;  // another position: a scan's undo would lose it
  }

  function documentOf() {
    const rows = [];
    for (let row = 0; row < SIZE; row++) {
      const tokens = m.owners.slice(row * SIZE, (row + 1) * SIZE).map((o) => o ?? ".");
      rows.push((row % 2 ? " " : "") + tokens.join(" "));
    }
    return {
      game: "kingdom-builder",
      boards: m.boards.map((b) => (b.turned ? `${b.name}@180` : b.name)),
      ...(m.boardsDir === undefined ? {} : { boards_dir: m.boardsDir }),
      cards: [...m.cards.filter((card) => card !== ""), ...m.extraCards],  // a slot not chosen yet is no card
      players: m.players.map((p) => ({ key: p.key, name: p.name, ...(p.colour ? { colour: p.colour } : {}) })),
      lords_zero: m.lords,
      settlements: rows.join("\n") + "\n",
    };
  }

  // A tap or click: the hex under it, as the board is shown (zoomed and moved, the pieces' layer's
  // box on screen is the board's), cycles; the end of a drag or pinch is no tap.
  function tap(event) {
    if (dragged) { dragged = false; return; }
    const rect = nodes.pieces.getBoundingClientRect();
    if (!view.spots.length || !rect.width) return;
    const x = ((event.clientX - rect.left) / rect.width) * view.width;
    const y = ((event.clientY - rect.top) / rect.height) * view.height;
    let best = null, bestDistance = Infinity;
    view.spots.forEach((spot, index) => {
      const d = (spot[1] - x) ** 2 + (spot[2] - y) ** 2;
      if (d < bestDistance) { best = index; bestDistance = d; }
    });
    if (pressedBy === "touch" && pitch() < TAP_PITCH * TAP_ENOUGH) {  // too small for a finger: zoom there, place nothing
      const frame = nodes.frame.getBoundingClientRect();
      zoomTo(TAP_PITCH / (pitch() / zoom.scale), event.clientX - frame.left, event.clientY - frame.top);
      Desk.status(t("zoomed"));
      return;
    }
    if (best === null || bestDistance > view.radius ** 2) return;
    cursor = best;
    placeCursor();
    cycle(best);
  }

  // CSS pixels between the centres of two neighbouring hexes as the board is shown now.
  const pitch = () => (view.spots.length > 1 ? (view.spots[1][1] - view.spots[0][1]) * extent().unit * zoom.scale : 0);

  // A hex tapped: given to the player chosen in the bar (taken off if theirs already), or with
  // none chosen, on to the next player, and after the last back to nobody.
  function cycle(index) {
    const [name, , , isOpen] = view.spots[index];
    if (!isOpen && m.owners[index] === null) { Desk.status(t("nobody_builds_at", { hex: name })); say(index); return; }
    const keys = m.players.map((p) => p.key);
    const at = keys.indexOf(m.owners[index]);
    if (placing !== null && keys.includes(placing)) m.owners[index] = m.owners[index] === placing ? null : placing;
    else m.owners[index] = at + 1 < keys.length ? keys[at + 1] : null;
    if (!isOpen && m.owners[index] !== null) m.owners[index] = null;  // only clearing a wrong one there
    m.unsure = m.unsure.filter((u) => u !== name);
    renderUnsure();
    say(index);
    Desk.change();
  }

  // What a screen reader says of a hex: its name, what it is, and whose settlement stands there.
  function say(index) {
    const [name, , , isOpen, kind] = view.spots[index];
    const owner = m.owners[index], at = m.players.findIndex((p) => p.key === owner);
    const whose = owner === null ? t(isOpen ? "empty" : "nobody_builds")
      : t("settlement_of", { player: at >= 0 ? (m.players[at].name || t("player_label", { n: at + 1 })) : t("unknown_key", { key: owner }) });
    const named = kind ? [`terrain.${kind}`, `location.${kind}`].map((key) => [key, t(key)]).find(([key, text]) => text !== key)?.[1] : null;  // a terrain or a location
    nodes.spoken.textContent = t("hex_said", { hex: name, kind: named ? named.toLocaleLowerCase(document.documentElement.lang) : t("hex"), whose });
  }

  // The board's size on the page (unzoomed, whether its picture has loaded yet or not) and the
  // CSS pixels per picture unit.
  function extent() {
    const width = nodes.frame.clientWidth, unit = width / view.width;
    return { width, height: view.height * unit, unit };
  }

  // Zoom to `scale` keeping the point (cx, cy) of the frame where it is; the board always fills the frame.
  function zoomTo(scale, cx, cy) {
    const { width, height } = extent();
    const to = Math.min(MOST_ZOOM, Math.max(1, scale));
    zoom.x = cx - ((cx - zoom.x) / zoom.scale) * to;
    zoom.y = cy - ((cy - zoom.y) / zoom.scale) * to;
    zoom.scale = to;
    moveBy(0, 0, width, height);
  }

  function moveBy(dx, dy, width = extent().width, height = extent().height) {
    zoom.x = Math.min(0, Math.max(width * (1 - zoom.scale), zoom.x + dx));
    zoom.y = Math.min(0, Math.max(height * (1 - zoom.scale), zoom.y + dy));
    nodes.layer.style.transform = `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`;
    nodes.layer.style.setProperty("--zoom", zoom.scale);  // the cursor's ring keeps its width on screen
    nodes.frame.classList.toggle("zoomed", zoom.scale > 1);
    nodes.zoomOut.disabled = nodes.whole.disabled = zoom.scale <= 1;
    nodes.zoomIn.disabled = zoom.scale >= MOST_ZOOM;
    placeLabels();
  }

  // The rows' letters and the columns' numbers along the frame's left and top edges, where the
  // rows and columns are shown: a zoomed board keeps them in sight (the picture's own are at its edges).
  function placeLabels() {
    const { unit } = extent(), shown = zoom.scale > 1 && view.spots.length === SIZE * SIZE;
    nodes.rows.hidden = nodes.cols.hidden = !shown;
    if (!shown) return;
    nodes.cols.replaceChildren(...Array.from({ length: SIZE }, (_, col) => el("span", {
      style: `left: ${zoom.x + view.spots[col][1] * unit * zoom.scale}px` }, String(col + 1))));
    nodes.rows.replaceChildren(...Array.from({ length: SIZE }, (_, row) => el("span", {
      style: `top: ${zoom.y + view.spots[row * SIZE][2] * unit * zoom.scale}px` }, ROWS[row])));
  }

  function zoomStep(factor) {
    const { width, height } = extent();
    zoomTo(zoom.scale * factor, width / 2, height / 2);
    showCursor();
  }

  // Pointer Events: one pointer drags a zoomed board, two pinch it (zoom about their midpoint).
  function pointerDown(event) {
    pressedBy = event.pointerType;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (!pointers.size) dragged = false;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, from: [event.clientX, event.clientY] });
    gesture = null;
  }

  function pointerMove(event) {
    const was = pointers.get(event.pointerId);
    if (!was) return;
    const now = { ...was, x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    const frame = nodes.frame.getBoundingClientRect();
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y), mid = [(a.x + b.x) / 2 - frame.left, (a.y + b.y) / 2 - frame.top];
      if (!gesture) gesture = { distance, scale: zoom.scale, mid };
      dragged = true;
      zoomTo(gesture.scale * distance / Math.max(gesture.distance, 1), mid[0], mid[1]);
      moveBy(mid[0] - gesture.mid[0], mid[1] - gesture.mid[1]);
      gesture.mid = mid;
      gesture.scale = zoom.scale;
      gesture.distance = distance;
    } else if (pointers.size === 1 && zoom.scale > 1) {
      if (Math.hypot(now.x - now.from[0], now.y - now.from[1]) > 6) dragged = true;  // a finger's jitter is still a tap
      if (dragged) {
        if (!nodes.frame.hasPointerCapture(event.pointerId)) nodes.frame.setPointerCapture(event.pointerId);
        moveBy(now.x - was.x, now.y - was.y);
      }
    }
  }

  function pointerUp(event) {
    pointers.delete(event.pointerId);
    gesture = null;
  }

  // The keyboard: arrows move the cursor to a neighbouring hex, space or enter cycles it, + and -
  // zoom, 0 shows the whole board.
  const MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

  function key(event) {
    if (!view.spots.length || event.altKey || event.ctrlKey || event.metaKey) return;
    if (MOVES[event.key]) {
      const [rows, cols] = MOVES[event.key];
      // Rows are offset by half a hex: the hex of the same number in the row above or below
      // touches this one, as does the next in the row.
      const at = cursor ?? 0, row = Math.floor(at / SIZE) + rows, col = (at % SIZE) + cols;
      if (row < 0 || row >= SIZE || col < 0 || col >= SIZE) { event.preventDefault(); return; }
      cursor = row * SIZE + col;
      placeCursor();
      showCursor();
      say(cursor);
    } else if (event.key === " " || event.key === "Enter") {
      cycle(cursor ?? 0);
    } else if (event.key === "+" || event.key === "=") zoomStep(ZOOM_STEP);
    else if (event.key === "-") zoomStep(1 / ZOOM_STEP);
    else if (event.key === "0") { zoom = { scale: 1, x: 0, y: 0 }; moveBy(0, 0); } else return;
    event.preventDefault();
  }

  function placeCursor() {
    const mark = nodes.cursor;
    if (cursor === null || !view.spots[cursor]) { mark.hidden = true; return; }
    const [, x, y] = view.spots[cursor];
    mark.hidden = false;
    mark.style.cssText = `left: ${(x / view.width) * 100}%; top: ${(y / view.height) * 100}%; width: ${(2 * view.radius / view.width) * 100}%`;
  }

  // A zoomed board moves to keep the cursor in sight, and the page scrolls to it (below a header
  // that stays on top).
  function showCursor() {
    if (cursor === null || !view.spots[cursor]) return;
    const { width, height, unit } = extent();
    const [, x, y] = view.spots[cursor], margin = 2 * view.radius * unit * zoom.scale;
    const px = zoom.x + x * unit * zoom.scale, py = zoom.y + y * unit * zoom.scale;
    moveBy(Math.max(0, margin - px) - Math.max(0, px - (width - margin)), Math.max(0, margin - py) - Math.max(0, py - (height - margin)), width, height);
    const ring = nodes.cursor.getBoundingClientRect(), header = document.querySelector("header").getBoundingClientRect();
    const top = header.top >= 0 ? header.bottom : 0;
    // Below 1000 px the bar with Save and the status stays at the window's foot: above it.
    const foot = Math.min(window.innerHeight, ...["bar", "status"].map((id) => document.getElementById(id))
      .filter((n) => getComputedStyle(n).position === "fixed" && n.getClientRects().length).map((n) => n.getBoundingClientRect().top));
    if (ring.bottom > foot) window.scrollBy(0, ring.bottom - foot + ring.height);
    else if (ring.top < top) window.scrollBy(0, ring.top - top - ring.height);
  }

  function renderUnsure() {
    if (!nodes.unsure) return;
    nodes.unsure.replaceChildren();
    if (!m.unsure.length) return;
    nodes.unsure.append(
      el("span", {}, t("check_photo")),
      ...m.unsure.map((name) => el("button", {
        type: "button", class: "chip", title: t("right_as_shown", { hex: name }),
        onclick: () => { m.unsure = m.unsure.filter((u) => u !== name); renderUnsure(); Desk.change(); },
      }, `${name} ✓`)),
      el("button", { type: "button", onclick: () => { m.unsure = []; renderUnsure(); Desk.change(); } }, t("all_checked")));
  }

  function choosePhoto(input) {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    if (photo) URL.revokeObjectURL(photo.url);
    photo = null;
    const most = Desk.limits.photo;
    if (file.size > most) {
      refusePhoto(t("photo_too_big", { name: file.name, size: mebibytes(file.size), most: mebibytes(most) }));
      return;
    }
    if (!["image/jpeg", "image/png"].includes(file.type)) {
      refusePhoto(t("not_photo", { name: file.name }));
      return;
    }
    photo = { file, url: URL.createObjectURL(file), corners: [], message: "", busy: false };
    renderPhoto();
  }

  // The photo shown: refused when the scanner could not read it, else never wider than its own
  // pixels (a small photo is not blown up into a blur the corners cannot be clicked on).
  function photoShown() {
    const img = nodes.photoImage, [fewest, most] = Desk.limits.pixels;
    const pixels = img.naturalWidth * img.naturalHeight;
    if (pixels < fewest || pixels > most) {
      const sizes = { name: photo.file.name, width: img.naturalWidth, height: img.naturalHeight, megapixels: decimal((pixels / 1e6).toFixed(1)),
        fewest: decimal(fewest / 1e6), most: decimal(most / 1e6) };
      refusePhoto(t(pixels < fewest ? "photo_too_small" : "photo_too_large", sizes));
      URL.revokeObjectURL(photo.url);
      photo = null;
      return;
    }
    img.parentNode.style.maxWidth = `${img.naturalWidth}px`;  // at most one photo pixel to a CSS pixel
    renderDots();
  }

  // A number with a fraction in the language's digits and decimal separator (a text: filled in as it is).
  const decimal = (value) => number(String(value).replace(".", t("decimal")));
  const mebibytes = (bytes) => t("mib", { size: decimal(Math.ceil(bytes / 2 ** 20 * 10) / 10) });  // rounded up: over the limit never reads as at it

  // A file that is no photo to scan: said where the photo would be.
  function refusePhoto(message) {
    nodes.photo.hidden = false;
    nodes.photo.replaceChildren(el("p", { class: "scan-message bad", role: "status" }, message));
  }

  // Where the pointer is on the photo, in the photo's pixels; null off it.
  function photoPoint(event) {
    const img = nodes.photoImage, rect = img.getBoundingClientRect();
    if (!rect.width || !img.naturalWidth) return null;
    const x = (event.clientX - rect.left) / rect.width * img.naturalWidth, y = (event.clientY - rect.top) / rect.height * img.naturalHeight;
    return x >= 0 && y >= 0 && x <= img.naturalWidth && y <= img.naturalHeight ? [x, y] : null;
  }

  // A corner is aimed while pressed (finger, pen or mouse) through the magnifier, and set where released.
  function pressPhoto(event) {
    if (!photo || !event.isPrimary || event.button !== 0 || photo.busy || photo.corners.length >= 4) return;
    event.preventDefault();  // no text selected or image dragged while aiming
    nodes.photoFrame.setPointerCapture(event.pointerId);
    photo.aiming = event.pointerId;
    magnify(event);
  }

  function movePhoto(event) {
    if (photo && photo.aiming === event.pointerId) magnify(event);
  }

  function releasePhoto(event) {
    if (!photo || photo.aiming !== event.pointerId) return;
    stopAiming();
    const point = photoPoint(event);  // released off the photo: no corner
    if (point && photo.corners.length < 4) {
      photo.corners.push(point);
      photo.cleared = null;
      swallowClick(event.clientX, event.clientY);
      renderPhoto();
    }
  }

  // The click a finger's release brings, where it was released, lands on whatever is there once
  // the corner is drawn: the release set the corner, so that click is no press of a button.
  function swallowClick(x, y) {
    const stop = (e) => { if (Math.hypot(e.clientX - x, e.clientY - y) < 10) { e.preventDefault(); e.stopPropagation(); } };
    document.addEventListener("click", stop, true);
    setTimeout(() => document.removeEventListener("click", stop, true), 400);
  }

  // A second finger (a pinch) or the browser taking the gesture over: nothing set.
  function stopAiming() {
    if (photo) photo.aiming = null;
    if (nodes.loupe) nodes.loupe.hidden = true;
  }

  // The magnifier: the photo round the pointer, enlarged, a cross at the point, placed where the
  // finger does not cover it (above, else beside the point).
  function magnify(event) {
    const img = nodes.photoImage, loupe = nodes.loupe, point = photoPoint(event);
    loupe.hidden = !point;
    if (!point) return;
    const ratio = window.devicePixelRatio || 1, side = Math.round(LOUPE * ratio);
    // Photo pixels across: about four hexes (a board photographed as the tips say fills most of
    // the photo's width), enlarged at least 1.5 times from the photo shown.
    const span = Math.min(img.naturalWidth / 9, LOUPE / 1.5 * (img.naturalWidth / img.getBoundingClientRect().width));
    loupe.width = loupe.height = side;
    const ctx = loupe.getContext("2d");
    ctx.fillStyle = "#777";
    ctx.fillRect(0, 0, side, side);
    ctx.drawImage(img, point[0] - span / 2, point[1] - span / 2, span, span, 0, 0, side, side);
    const c = side / 2, arm = side * 0.22, gap = side * 0.04;
    for (const [colour, width] of [["#fff", 4 * ratio], ["#d81b60", 2 * ratio]]) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.beginPath();
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        ctx.moveTo(c + dx * gap, c + dy * gap);
        ctx.lineTo(c + dx * arm, c + dy * arm);
      }
      ctx.stroke();
    }
    ctx.font = `bold ${13 * ratio}px sans-serif`;  // the hex aimed at, low in the circle
    ctx.fillStyle = "#fff";
    ctx.fillRect(c - 18 * ratio, side - 26 * ratio, 36 * ratio, 18 * ratio);
    ctx.fillStyle = "#d81b60";
    ctx.textAlign = "center";
    ctx.fillText(CORNERS[photo.corners.length], c, side - 12 * ratio);
    const away = 40, fit = (v, most) => Math.max(4, Math.min(v, most - LOUPE - 4));
    let left = fit(event.clientX - LOUPE / 2, window.innerWidth), top = event.clientY - away - LOUPE;
    if (top < 4) {
      top = fit(event.clientY - LOUPE / 2, window.innerHeight);
      left = event.clientX + away + LOUPE <= window.innerWidth - 4 ? event.clientX + away : event.clientX - away - LOUPE;
    }
    loupe.style.left = `${left}px`;
    loupe.style.top = `${top}px`;
  }

  async function readPhoto(withCorners) {
    const form = new FormData();
    form.append("game", "kingdom-builder");
    form.append("document", JSON.stringify(documentOf()));
    form.append("photo", photo.file);
    if (withCorners) form.append("corners", photo.corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "));
    if (photo.setup) form.append("empty", photo.setup);  // its scan markers place it
    Object.assign(photo, { busy: true, bad: false, message: t("reading") });
    renderPhoto();
    const { ok, data: answer } = await Desk.api("/api/scan", undefined, form);
    photo.busy = false;
    photo.bad = !ok;
    if (!ok) {
      photo.message = t("not_read", { error: answer.error });
      renderPhoto();
      return;
    }
    photo.message = [t("scanned", { summary: answer.summary.split("\n")[0] }), ...answer.notes.map((note) => t("note", { note }))].join(" ");
    const before = { m: structuredClone(m), saved: Desk.savedState(), confirm: false };
    open(answer);
    beforeScan = { ...before, draft: drawn() };
    Desk.status(t("scan_draft", { name: photo.file.name }), "good");
    Desk.rebuild();
  }

  const drawn = () => JSON.stringify([documentOf(), m.unsure]);

  // The position as it was before the scan: its settlements, rings and saved state. Edits made
  // since the scan go with it, once the user has been told so.
  function undoScan() {
    if (!beforeScan.confirm && drawn() !== beforeScan.draft) {
      beforeScan.confirm = true;
      renderUndo();
      return;
    }
    const { m: was, saved } = beforeScan;
    m = was;  // the board shown stays, its hexes known: a tap before the desk answers lands (new sections come with the answer)
    beforeScan = null;
    if (photo) Object.assign(photo, { bad: false, message: t("scan_undone") });
    Desk.status(t("scan_undone"), "good");
    Desk.putBack(saved);
  }

  function renderUndo() {
    const box = nodes.undo;
    if (!box) return;
    box.replaceChildren(...(beforeScan ? [
      el("button", { type: "button", class: "undo-scan", title: t("undo_scan_title"),
        onclick: undoScan }, t(beforeScan.confirm ? "undo_scan_edits" : "undo_scan")),
      ...(beforeScan.confirm ? [el("span", { class: "hint" }, t("undo_scan_too"))] : [])] : []));
  }

  function renderPhoto() {
    const box = nodes.photo;
    if (!box) return;
    box.hidden = !photo;
    if (!photo) { box.replaceChildren(); return; }
    const next = CORNERS[photo.corners.length];
    // The photo shown stays through a corner set (a new picture would be blank until decoded, and
    // what lies below would move up under the finger).
    if (!nodes.photoImage || nodes.photoImage.dataset.url !== photo.url || !nodes.photoFrame.isConnected) {
      nodes.photoImage = el("img", { src: photo.url, "data-url": photo.url, alt: t("photo_alt", { name: photo.file.name }), draggable: "false", onload: photoShown,
        onerror: () => { refusePhoto(t("photo_unshown", { name: photo.file.name })); photo = null; } });
      nodes.dots = el("div", { class: "dots" });
      nodes.loupe = el("canvas", { class: "loupe", hidden: true, "aria-hidden": "true" });
      nodes.photoFrame = el("div", { class: "photo-frame", onpointerdown: pressPhoto, onpointermove: movePhoto,
        onpointerup: releasePhoto, onpointercancel: stopAiming, onlostpointercapture: stopAiming }, nodes.photoImage, nodes.dots, nodes.loupe);
    }
    nodes.photoFrame.classList.toggle("picking", Boolean(next));
    // Every hint takes the room of the longest, so that the photo below never moves when it changes.
    const hints = [...CORNERS.map((corner, i) => t("corner_hint", { hex: corner, n: i + 1, corners: Desk.list(CORNERS) })), t("corners_given")];
    const [undoLabel, undoCorners] = photo.cleared ? [t("undo_clear"), () => { photo.corners = photo.cleared; photo.cleared = null; renderPhoto(); }]
      : [t("undo"), () => { photo.corners.pop(); renderPhoto(); }];
    box.replaceChildren(
      el("p", { class: "hint steady" }, hints.map((text, i) => el("span", { class: i === photo.corners.length ? null : "off", "aria-hidden": i === photo.corners.length ? null : "true" }, text))),
      nodes.photoFrame,
      el("div", { class: "row" },
        el("button", { type: "button", disabled: photo.busy || !(photo.corners.length || photo.cleared), onclick: undoCorners }, undoLabel),
        el("button", { type: "button", disabled: photo.busy || !photo.corners.length, title: t("clear_title"),
          onclick: () => { photo.cleared = photo.corners; photo.corners = []; renderPhoto(); } }, t("clear")),
        el("button", { type: "button", class: "primary", disabled: photo.busy || photo.corners.length < 4, onclick: () => readPhoto(true) }, t("read_photo")),
        el("button", { type: "button", disabled: photo.busy, title: t("markers_title"), onclick: () => readPhoto(false) }, t("markers")),
        el("button", { type: "button", disabled: photo.busy, onclick: () => { URL.revokeObjectURL(photo.url); photo = null; renderPhoto(); } }, t("close"))),
      setupRow(),
      el("p", { class: `scan-message${photo.bad ? " bad" : ""}`, role: "status" }, photo.message));
    renderDots();
  }

  // The set-up photo, optional: the same board before the first settlement, its markers laid out.
  function setupRow() {
    const choose = (input) => {
      const file = input.files[0];
      input.value = "";
      if (!file) return;
      const most = Desk.limits.photo;
      const problem = file.size > most ? t("photo_too_big", { name: file.name, size: mebibytes(file.size), most: mebibytes(most) })
        : ["image/jpeg", "image/png"].includes(file.type) ? "" : t("not_photo", { name: file.name });
      Object.assign(photo, problem ? { bad: true, message: problem } : { setup: file, bad: false, message: "" });
      renderPhoto();
    };
    return el("div", { class: "row" },
      el("label", { class: "button", title: t("setup_photo_title") },
        t("setup_photo"), el("input", { type: "file", class: "file", accept: "image/jpeg,image/png", disabled: photo.busy, onchange: (e) => choose(e.target) })),
      photo.setup ? el("span", {}, t("setup_chosen", { name: photo.setup.name })) : null,
      photo.setup ? el("button", { type: "button", disabled: photo.busy, "aria-label": t("setup_drop"), title: t("setup_drop"),
        onclick: () => { photo.setup = null; renderPhoto(); } }, "✕") : null);
  }

  function renderDots() {
    const img = nodes.photoImage;
    if (!img || !img.naturalWidth) return;
    // At the point a small cross; the numbered dot beside it on a leader line, outward from the
    // board (A1 up and left, T20 down and right), turned back where it would leave the photo.
    const rect = img.getBoundingClientRect(), reach = 44;  // CSS pixels from the point to the dot's far edge
    nodes.dots.replaceChildren(...photo.corners.map(([x, y], i) => {
      const across = (x / img.naturalWidth) * rect.width, down = (y / img.naturalHeight) * rect.height;
      const left = i % 2 === 0 ? across >= reach : across + reach > rect.width;
      const up = i < 2 ? down >= reach : down + reach > rect.height;
      return el("span", {
        class: `corner-mark ${up ? "up" : "down"} ${left ? "left" : "right"}`, title: CORNERS[i],
        style: `left: ${(x / img.naturalWidth) * 100}%; top: ${(y / img.naturalHeight) * 100}%`,
      }, el("span", { class: "cross" }), el("span", { class: "leader" }), el("span", { class: "dot" }, String(i + 1)));
    }));
  }

  function render(root) {
    nodes = {};
    // The frame says what the pictures are; a drag moves the board, never a copy of a picture.
    // Its size known before the picture loads, so that nothing below it moves when it does.
    nodes.board = el("img", { class: "layer", alt: "", draggable: "false", width: view.width, height: view.height });
    nodes.pieces = el("img", { class: "layer over", alt: "", draggable: "false" });
    // Redrawn (a card, a player changed): the pictures last drawn stay until the desk answers, or if it does not.
    if (view.key) showBoard(view.key);
    if (view.pieces) nodes.pieces.src = view.pieces;
    nodes.cursor = el("div", { class: "board-cursor", hidden: true });
    nodes.layer = el("div", { class: "board-zoom" }, nodes.board, nodes.pieces, nodes.cursor);
    nodes.rows = el("div", { class: "board-labels rows", hidden: true, "aria-hidden": "true" });
    nodes.cols = el("div", { class: "board-labels cols", hidden: true, "aria-hidden": "true" });
    nodes.spoken = el("p", { class: "visually-hidden", "aria-live": "polite" });
    nodes.frame = el("div", { class: "board-frame", path: ["settlements"], tabindex: 0, role: "application",
      "aria-roledescription": t("board_role"), "aria-label": t("board"), "aria-describedby": "kb-board-keys",
      onclick: tap, onkeydown: key, onpointerdown: pointerDown, onpointermove: pointerMove, onpointerup: pointerUp, onpointercancel: pointerUp,
      onfocus: () => {  // the keyboard's cursor starts on A1
        if (!view.spots.length) return;
        if (cursor === null) { cursor = 0; placeCursor(); }
        say(cursor);
      } }, nodes.layer, nodes.rows, nodes.cols);
    nodes.zoomOut = el("button", { type: "button", "aria-label": t("zoom_out"), title: t("zoom_out_title"), onclick: () => zoomStep(1 / ZOOM_STEP) }, "−");
    nodes.zoomIn = el("button", { type: "button", "aria-label": t("zoom_in"), title: t("zoom_in_title"), onclick: () => zoomStep(ZOOM_STEP) }, "+");
    nodes.whole = el("button", { type: "button", title: t("whole_title"), onclick: () => { zoom = { scale: 1, x: 0, y: 0 }; moveBy(0, 0); } }, t("whole"));
    nodes.unsure = el("div", { class: "unsure" });
    nodes.totals = el("p", { class: "totals", "aria-live": "polite" });
    nodes.photo = el("div", { class: "scan-photo", "aria-label": t("photo_to_scan") });
    nodes.undo = el("span", { class: "undo" });
    const scan = el("label", { class: "button", title: t("scan_title") },
      t("scan"), el("input", { type: "file", class: "file", accept: "image/jpeg,image/png", onchange: (e) => choosePhoto(e.target) }));
    const sectionsList = el("datalist", { id: "kb-sections" }, LOCATIONS.map((l) => el("option", { value: l })));
    const sections = el("fieldset", {}, el("legend", {}, t("sections")), sectionsList, m.boards.map((b, i) => el("div", { class: "row", path: ["boards", i] },
      el("span", { class: "what" }, t(`quarter.${QUARTERS[i]}`)),
      el("input", { class: "section", value: b.name, list: "kb-sections", dir: "ltr", "aria-label": t("section", { quarter: t(`quarter.${QUARTERS[i]}`) }), oninput: (e) => { b.name = e.target.value.trim(); Desk.change(); } }),
      el("label", {}, el("input", { type: "checkbox", checked: b.turned, onchange: (e) => { b.turned = e.target.checked; Desk.change(); } }), ` ${t("turned")}`))));
    const cards = el("fieldset", { path: ["cards"] }, el("legend", {}, t("cards")), m.cards.map((card, i) => el("div", { class: "row", path: ["cards", i] },
      select([["", t("choose")], ...CARDS.map((c) => [c, t(`card.${c}.name`)])], card, {
        "aria-label": t("card_n", { n: i + 1 }),
        onchange: (e) => {
          const other = m.cards.indexOf(e.target.value);
          if (other >= 0 && other !== i) m.cards[other] = m.cards[i];  // choosing a card already there swaps them
          m.cards[i] = e.target.value;
          Desk.rebuild();
        },
      }))));
    const players = el("fieldset", {}, el("legend", {}, t("players")), m.players.map((p, i) => {
      // The key names the player in the file's settlements; the name is what results show.
      const [name, note] = Desk.nameField(p, () => m.players, { "aria-label": t("player_name", { n: i + 1 }) });
      return el("div", { class: "row", path: ["players", i] },
        el("span", { class: `mark p${i}` }, MARKS[i] || "?"),
        el("input", { class: "key", value: p.key, dir: "ltr", "aria-label": t("player_key", { n: i + 1 }), title: t("key_title"),
          onchange: (e) => {  // renames the key in the settlements; a key two players would share is refused
            const key = e.target.value.trim();
            const other = m.players.findIndex((q) => q !== p && q.key === key);
            e.target.parentNode.querySelectorAll(".key-note").forEach((n) => n.remove());
            if (!key || other >= 0) {
              e.target.value = p.key;
              e.target.parentNode.append(el("p", { class: "problem-note key-note" }, key
                ? t("key_taken", { key, player: m.players[other].name || t("player_label", { n: other + 1 }) })
                : t("key_blank")));
              return;
            }
            m.owners = m.owners.map((o) => (o === p.key ? key : o));
            p.key = key;
            Desk.change();
          } }),
        name,
        el("button", { type: "button", class: "remove", title: t("remove_title"), "aria-label": t("remove", { player: p.name || t("player_label", { n: i + 1 }) }), disabled: m.players.length <= 2,
          onclick: () => {
            const count = m.owners.filter((o) => o === p.key).length;
            m.owners = m.owners.map((o) => (o === p.key ? null : o));
            m.players.splice(i, 1);
            Desk.removed(t("removed", { player: p.name || t("player_n", { n: i + 1 }), count }));
          } }, "✕"),
        note);
    }),
    el("button", { type: "button", disabled: m.players.length >= 4, onclick: () => {
      let n = 1;
      while (m.players.some((p) => p.key === String(n) || p.name === t("player_n", { n }))) n++;
      m.players.push(Desk.identity(t("player_n", { n }), { key: String(n) }));
      Desk.rebuild();
    } }, t("add_player")));
    const lords = el("fieldset", {}, el("legend", {}, t("lords")), el("div", { class: "row", path: ["lords_zero"] },
      select([["included", t("lords_included")], ["excluded", t("lords_excluded")]], m.lords, { "aria-label": t("lords_label"), onchange: (e) => { m.lords = e.target.value; Desk.change(); } })));
    root.append(el("div", { class: "kb" },
      el("div", { class: "kb-board" }, el("div", { class: "row zoom", role: "group", "aria-label": t("board_zoom") }, nodes.zoomOut, nodes.zoomIn, nodes.whole),
        nodes.frame, playerBar(), nodes.spoken, nodes.totals,
        el("p", { class: "hint", id: "kb-board-keys" }, t("board_keys")), nodes.unsure,
        el("div", { class: "row" }, scan, nodes.undo), nodes.photo),
      el("div", { class: "kb-fields" }, cards, players, sections, lords)));
    renderUnsure();
    renderUndo();
    renderPhoto();
    requestAnimationFrame(() => { if (nodes.frame.isConnected) { moveBy(0, 0); placeCursor(); } });  // the zoom kept through a redraw
  }

  // The bar below the board (after it in the tab order): whose settlement a tap places, so one tap gives a hex to any player.
  function playerBar() {
    if (!m.players.some((p) => p.key === placing)) placing = null;  // that player removed
    const choice = (key, ...label) => el("button", { type: "button", "aria-pressed": String(placing === key),
      onclick: (e) => {
        placing = key;
        e.currentTarget.parentNode.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget)));
      } }, ...label);
    return el("div", { class: "row placing", role: "group", "aria-label": t("placing") }, el("span", { class: "small" }, t("placing_label")),
      choice(null, t("next_in_turn")), m.players.map((p, i) => choice(p.key, el("span", { class: `mark p${i}` }, MARKS[i] || "?"), " ", el("bdi", {}, p.name || t("player_label", { n: i + 1 })))));
  }

  function showBoard(key) {
    if (nodes.board.dataset.key === key) return;
    nodes.board.dataset.key = key;
    nodes.board.src = `/board/kingdom-builder.svg?key=${encodeURIComponent(key)}`;
  }

  // The desk does not answer: the settlements as the page holds them, drawn here in the players'
  // colours over the board, instead of the desk's picture of the position before (until it answers).
  function unchecked() {
    if (!nodes.layer || !view.spots.length) return;
    const svg = (tag, attrs) => {
      const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
      return node;
    };
    const drawn = svg("svg", { class: "layer drawn-here", viewBox: `0 0 ${view.width} ${view.height}`, "aria-hidden": "true" });
    view.spots.forEach(([name, x, y], index) => {
      const at = m.players.findIndex((p) => p.key === m.owners[index]);
      if (m.owners[index] !== null) drawn.append(svg("circle", { cx: x, cy: y, r: view.radius * 0.55, class: `p${at}`, "data-hex": name }));
    });
    if (nodes.drawn) nodes.drawn.replaceWith(drawn);
    else nodes.pieces.after(drawn);
    nodes.drawn = drawn;
    nodes.pieces.classList.add("stale");
  }

  function show(answer, result) {
    if (nodes.drawn) { nodes.drawn.remove(); nodes.drawn = null; nodes.pieces.classList.remove("stale"); }
    if (answer.board === null) {
      nodes.frame.hidden = true;
      view.key = view.pieces = null;
    } else if (answer.board) {
      nodes.frame.hidden = false;
      if (answer.board.spots) {
        Object.assign(view, answer.board);
        Object.assign(nodes.board, { width: view.width, height: view.height });
        placeCursor();
        moveBy(0, 0);
      }
      showBoard(answer.board.key);
      view.key = answer.board.key;
    }
    if (answer.pieces) nodes.pieces.src = view.pieces = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(answer.pieces);
    const data = answer.result;
    nodes.totals.replaceChildren(...(data ? data.players.map((p, i) => el("span", {}, el("span", { class: `mark p${i}` }, MARKS[i]), " ", el("bdi", {}, p.name), ` ${number(p.total)}`)) : []));
    if (!data) {
      result.append(el("p", { class: "waiting" }, t("waiting")));
      return;
    }
    const parts = Object.keys(data.players[0].gold);
    const table = el("table", { class: "score" },
      el("thead", {}, el("tr", {}, el("th", {}, t("gold")), data.players.map((p, i) => el("th", {}, el("span", { class: `mark p${i}` }, MARKS[i]), " ", el("bdi", {}, p.name))))),
      el("tbody", {}, parts.map((part) => el("tr", { class: m.focus === part ? "focus" : "" },
        el("th", {}, el("button", { type: "button", class: "part", "aria-pressed": String(m.focus === part), title: t("part_title"),
          onclick: () => { m.focus = m.focus === part ? null : part; Desk.change(); } }, t(`report.part.${part}`))),
        data.players.map((p) => el("td", {}, number(p.gold[part])))))),
      el("tfoot", {}, el("tr", {}, el("th", {}, t("report.total")), data.players.map((p) => el("td", { class: "total" }, number(p.total))))));
    result.append(table, el("p", { class: "winners" }, t(data.winners.length > 1 ? "winners" : "winner", { names: Desk.list(data.winners) })),
      el("p", { class: "hint" }, t("part_hint")));
  }

  Desk.register("kingdom-builder", {
    open, render, show, unchecked,
    document: documentOf,
    unsure: () => m.unsure,
    extra: () => ({ focus: m.focus, unsure: m.unsure, board: view.key }),
  });
})();
