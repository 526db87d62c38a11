/* hardsix play-along page: plays the verified strategies embedded in #hs-data (each node
   [guess, solves, pattern, child, ...] or a bare guess for "the only answer left"; patterns are
   numbers with position 0 most significant, base 3: grey 0, yellow 1, green 2), finds an answer's
   path, and looks openers up in the embedded opener tables. No network, no library. */
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("hs-data").textContent || "{}");
  const strategies = data.strategies || [];
  const groups = data.tables || [];
  const $ = (id) => document.getElementById(id);
  const COLOURS = ["grey", "yellow", "green"];
  const fmt = (n) => n.toLocaleString("en-US");
  const chars = (w) => Array.from(w); // katakana and emoji count one each

  /* el("p", {class: "x"}, "text", child, ...): a new element. */
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  /* ---- the game ---- */

  /* Colours of GUESS against ANSWER, one per guess character: greens first, then each other
     character is yellow while an unmatched copy is left anywhere in the answer. A guess shorter than
     the answer is compared over its own characters. */
  function feedback(guess, answer) {
    const g = chars(guess), a = chars(answer);
    const tiles = new Array(g.length).fill(0);
    const left = new Map();
    a.forEach((c, i) => {
      if (i < g.length && g[i] === c) tiles[i] = 2;
      else left.set(c, (left.get(c) || 0) + 1);
    });
    g.forEach((c, i) => {
      if (tiles[i] !== 2 && (left.get(c) || 0) > 0) {
        tiles[i] = 1;
        left.set(c, left.get(c) - 1);
      }
    });
    return tiles;
  }

  /* The pattern number of TILES for answers of LENGTH characters (missing positions count grey). */
  function patternNumber(tiles, length) {
    let n = 0;
    for (let i = 0; i < length; i++) n = n * 3 + (i < tiles.length ? tiles[i] : 0);
    return n;
  }

  /* "gybbb", "21000", "🟩🟨⬜⬜⬜" (any mix, any case) -> tiles, or null. */
  function parsePattern(text) {
    const map = { g: 2, y: 1, b: 0, "-": 0, ".": 0, 2: 2, 1: 1, 0: 0, "🟩": 2, "🟨": 1, "⬜": 0, "⬛": 0 };
    const out = [];
    for (const c of chars(text.replace(/[\s\uFE0F]/g, "").toLowerCase())) {
      if (!(c in map)) return null;
      out.push(map[c]);
    }
    return out;
  }

  /* The tree of strategy S as objects, made when first played: node = {guess, solves, depth,
     children: Map(pattern -> node), cands: [[answer, guess number], ...]}. */
  function tree(s) {
    if (s.root) return s.root;
    const build = (raw, depth) => {
      const node = { depth, children: new Map(), cands: [] };
      if (typeof raw === "string") {
        node.guess = raw;
        node.solves = true;
      } else {
        node.guess = raw[0];
        node.solves = raw[1] === 1;
        for (let i = 2; i < raw.length; i += 2) node.children.set(raw[i], build(raw[i + 1], depth + 1));
      }
      if (node.solves) node.cands.push([node.guess, depth + 1]);
      for (const c of node.children.values()) for (const x of c.cands) node.cands.push(x);
      return node;
    };
    s.root = build(s.tree, 0);
    s.answerSet = new Set(s.root.cands.map((x) => x[0]));
    return s.root;
  }

  /* Tiles as spans: the letters of WORD coloured by STATES (null: plain outlined tiles). */
  function tileRow(word, states, big) {
    const row = el("span", { class: "tiles" + (big ? " big" : "") });
    const cs = chars(word);
    row.style.setProperty("--n", String(cs.length));
    const names = cs.map((c, i) => c + " " + (states ? COLOURS[states[i]] : "")).join(", ");
    row.setAttribute("role", "img");
    row.setAttribute("aria-label", states ? names : word);
    cs.forEach((c, i) => {
      const t = el("span", { class: "tile" + (states ? "" : " plain") }, c);
      if (states) t.dataset.state = String(states[i]);
      row.append(t);
    });
    return row;
  }

  /* ---- charts: inline SVG bars ---- */

  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* Vertical bars: BARS = [{label, count, mark}], LABEL says what the chart shows (for screen
     readers too), AXIS names the horizontal axis; every STEP-th label is printed under it, and the
     marked bar gets NOTE above it. */
  function barChart(bars, label, axis, step, note) {
    const pad = 28, w = Math.max(240, Math.min(720, bars.length * 24)) + 2 * pad, h = 190, top = 22, bottom = 40;
    const most = Math.max(1, ...bars.map((b) => b.count));
    const bw = (w - 2 * pad) / bars.length;
    const chart = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img", "aria-label": label });
    chart.append(svg("title", {}, label));
    bars.forEach((b, i) => {
      const bh = Math.max(b.count > 0 ? 1 : 0, Math.round(((h - top - bottom) * b.count) / most));
      const x = pad + i * bw, mid = (x + bw / 2).toFixed(1);
      chart.append(svg("rect", { class: "bar" + (b.mark ? " mark" : ""), x: (x + 1).toFixed(1), y: h - bottom - bh,
        width: Math.max(1, bw - 2).toFixed(1), height: bh }));
      if (step === 1 && b.count > 0)
        chart.append(svg("text", { x: mid, y: h - bottom - bh - 4, "text-anchor": "middle" }, fmt(b.count)));
      if (b.mark && note) {
        chart.append(svg("line", { class: "mark", x1: mid, x2: mid, y1: 14, y2: h - bottom }));
        const anchor = i < bars.length / 3 ? "start" : i > (2 * bars.length) / 3 ? "end" : "middle";
        chart.append(svg("text", { x: mid, y: 11, "text-anchor": anchor, class: "note" }, note));
      }
      if (i % step === 0)
        chart.append(svg("text", { x: mid, y: h - bottom + 15, "text-anchor": "middle" }, b.label));
    });
    chart.append(svg("line", { class: "axis", x1: pad, x2: w - pad, y1: h - bottom + 0.5, y2: h - bottom + 0.5 }));
    chart.append(svg("text", { x: w / 2, y: h - 6, "text-anchor": "middle", class: "caption" }, axis));
    return el("div", { class: "chart" }, chart);
  }

  /* ---- playing ---- */

  const play = { s: null, node: null, history: [], tiles: [], solved: false };

  function strategyFacts(s) {
    const mode = s.rules === "none" ? "normal mode" : s.rules === "strict" ? "strict hard mode" : "hard mode (NYT rule)";
    return `Open with ${s.opener.toUpperCase()}: ${s.lists} lists, ${mode}, ${fmt(s.answers)} answers, every one ` +
      `within ${s.hist[s.hist.length - 1][0]} guesses; average ${average(s.total, s.answers)} ` +
      `(${fmt(s.total)} guesses in total). Verified by hardsix.`;
  }

  /* TOTAL / N with 4 decimals, rounded half up in integers (as hardsix prints averages). */
  function average(total, n) {
    if (!n) return "0.0000";
    const q = Math.floor((total * 20000 + n) / (2 * n));
    return `${Math.floor(q / 10000)}.${String(q % 10000).padStart(4, "0")}`;
  }

  function chooseStrategy(i) {
    play.s = strategies[i];
    $("facts").textContent = strategyFacts(play.s);
    const hist = $("histogram");
    hist.replaceChildren(barChart(play.s.hist.map(([d, n]) => ({ label: `${d}`, count: n })),
      `Guesses needed per answer with ${play.s.opener}: ` + play.s.hist.map(([d, n]) => `${d}: ${n}`).join(", "),
      "guesses to solve, answers of each", 1));
    restart();
  }

  function restart() {
    play.node = tree(play.s);
    play.history = [];
    play.solved = false;
    startTurn([]);
    say("");
  }

  /* A new guess to colour: greens seen at the same letter and place are green again. */
  function startTurn(tiles) {
    const g = chars(play.node.guess);
    play.tiles = g.map((c, i) => {
      if (tiles.length) return tiles[i];
      for (const h of play.history) if (h.tiles[i] === 2 && chars(h.node.guess)[i] === c) return 2;
      return 0;
    });
    render();
  }

  function say(text, kind) {
    const m = $("message");
    m.textContent = text;
    m.className = "message" + (kind ? " " + kind : "");
  }

  function patternText(tiles) {
    return tiles.map((t) => "byg"[t]).join("");
  }

  function render() {
    const path = $("path");
    path.replaceChildren(...play.history.map((h, k) => {
      const li = el("li", { "data-guess": h.node.guess },
        el("span", { class: "n" }, `Guess ${k + 1}`), tileRow(h.node.guess, h.tiles));
      li.append(el("span", { class: "hint" }, `${fmt(h.node.cands.length)} possible before it`));
      return li;
    }));
    const node = play.node;
    const label = $("turn-label");
    const guessBox = $("guess");
    $("pattern-form").hidden = play.solved;
    $("tiles-hint").hidden = play.solved;
    $("undo").disabled = play.history.length === 0;
    if (play.solved) {
      label.replaceChildren(`Solved in ${play.history.length} guess${play.history.length === 1 ? "" : "es"}: `,
        el("b", {}, node.guess));
      guessBox.replaceChildren();
      guessBox.dataset.word = "";
      renderLeft([[node.guess, node.depth + 1]], node.depth);
      return;
    }
    label.replaceChildren(`Guess ${node.depth + 1}: play `, el("b", {}, node.guess), ", then set the colours you see.");
    guessBox.dataset.word = node.guess;
    guessBox.style.setProperty("--n", String(chars(node.guess).length));
    guessBox.replaceChildren(...chars(node.guess).map((c, i) => {
      const b = el("button", { type: "button", class: "tile", "data-index": String(i) }, c);
      b.dataset.state = String(play.tiles[i]);
      b.setAttribute("aria-label", `letter ${i + 1}, ${c}: ${COLOURS[play.tiles[i]]}`);
      return b;
    }));
    $("pattern").value = patternText(play.tiles);
    renderLeft(node.cands, node.depth);
  }

  function renderLeft(cands, depth) {
    const left = $("left");
    const n = cands.length;
    const expected = cands.reduce((sum, x) => sum + x[1] - depth, 0) / Math.max(1, n);
    const words = cands.map((x) => x[0]).sort();
    const list = el("ul", { class: "words" }, ...words.map((w) => el("li", {}, w)));
    const details = el("details", {}, el("summary", {}, n === 1 ? "Show it" : `Show all ${fmt(n)}`), list);
    if (n <= 30) details.open = true;
    left.replaceChildren(
      el("p", {}, el("b", { id: "left-count" }, fmt(n)), n === 1 ? " answer possible" : " answers still possible",
        play.solved ? "" : `; expected guesses left, this one included: ${expected.toFixed(2)}`),
      details);
  }

  function setTile(i, state, focusNext) {
    play.tiles[i] = state;
    const buttons = $("guess").querySelectorAll("button.tile");
    const b = buttons[i];
    b.dataset.state = String(state);
    b.setAttribute("aria-label", `letter ${i + 1}, ${b.textContent}: ${COLOURS[state]}`);
    $("pattern").value = patternText(play.tiles);
    say("");
    if (focusNext && i + 1 < buttons.length) buttons[i + 1].focus();
  }

  /* Plays the colours set on the tiles; refuses a pattern no answer left can show. */
  function submit() {
    const node = play.node, s = play.s;
    const tiles = play.tiles;
    const allGreen = tiles.length === s.length && tiles.every((t) => t === 2);
    if (allGreen && node.solves) {
      play.history.push({ node, tiles: tiles.slice() });
      play.solved = true;
      render();
      say(`Solved: ${node.guess.toUpperCase()} in ${play.history.length}.`, "good");
      return;
    }
    const child = allGreen ? undefined : node.children.get(patternNumber(tiles, s.length));
    if (!child) {
      const shown = tiles.map((t) => ["⬜", "🟨", "🟩"][t]).join("");
      const anywhere = s.root.cands.some(([a]) => patternNumber(feedback(node.guess, a), s.length) ===
        patternNumber(tiles, s.length));
      say(`Impossible: ${node.guess.toUpperCase()} cannot show ${shown} here (` +
        (anywhere ? "none of the answers still possible gives it" : "no answer gives it") +
        "). Check the colours.", "bad");
      return;
    }
    play.history.push({ node, tiles: tiles.slice() });
    play.node = child;
    say("");
    startTurn([]);
  }

  function undo() {
    const h = play.history.pop();
    if (!h) return;
    play.node = h.node;
    play.solved = false;
    say("");
    startTurn(h.tiles);
  }

  /* After a move made with the keyboard: focus on the first tile of the new guess, or on "Start again". */
  function focusTurn() {
    const first = $("guess").querySelector("button.tile");
    if (play.solved || !first) $("restart").focus();
    else first.focus();
  }

  function wirePlay() {
    const select = $("strategy");
    strategies.forEach((s, i) => select.append(el("option", { value: String(i) },
      `${s.name} (${s.lists}, average ${average(s.total, s.answers)})`)));
    select.addEventListener("change", () => chooseStrategy(Number(select.value)));
    const guessBox = $("guess");
    guessBox.addEventListener("click", (e) => {
      const b = e.target.closest("button.tile");
      if (b) setTile(Number(b.dataset.index), (play.tiles[Number(b.dataset.index)] + 1) % 3, false);
    });
    guessBox.addEventListener("keydown", (e) => {
      const b = e.target.closest("button.tile");
      if (!b || e.ctrlKey || e.metaKey || e.altKey) return;
      const i = Number(b.dataset.index), buttons = guessBox.querySelectorAll("button.tile");
      const key = { g: 2, 2: 2, y: 1, 1: 1, b: 0, 0: 0, "-": 0, ".": 0 }[e.key.toLowerCase()];
      if (key !== undefined) setTile(i, key, true);
      else if (e.key === "ArrowRight" && i + 1 < buttons.length) buttons[i + 1].focus();
      else if (e.key === "ArrowLeft" && i > 0) buttons[i - 1].focus();
      else if (e.key === "Enter") {
        submit();
        focusTurn();
      } else if (e.key === "Backspace") {
        undo();
        focusTurn();
      } else return;
      e.preventDefault();
    });
    const input = $("pattern");
    input.addEventListener("input", () => {
      const t = parsePattern(input.value);
      if (t && t.length === play.tiles.length) {
        t.forEach((s, i) => { play.tiles[i] = s; });
        guessBox.querySelectorAll("button.tile").forEach((b, i) => { b.dataset.state = String(t[i]); });
        say("");
      }
    });
    $("pattern-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const t = parsePattern(input.value);
      if (!t || t.length !== play.tiles.length) {
        say(`Type ${play.tiles.length} colours: g y b (green, yellow, grey) or 2 1 0, e.g. ` +
          `${"gybbb".slice(0, play.tiles.length)}.`, "bad");
        return;
      }
      play.tiles = t;
      submit();
      if (!$("message").classList.contains("bad")) focusTurn();
    });
    $("undo").addEventListener("click", undo);
    $("restart").addEventListener("click", restart);
  }

  /* ---- finding an answer ---- */

  function findAnswer(word) {
    const out = $("answer-result");
    const s = play.s;
    const root = tree(s);
    if (!s.answerSet.has(word)) {
      out.replaceChildren(el("p", { class: "bad" }, `"${word}" is not one of the ${fmt(s.answers)} answers of ` +
        `${s.name} (${s.lists} lists).`));
      return;
    }
    const steps = el("ol", { class: "path", id: "answer-path" });
    let node = root, k = 0;
    for (;;) {
      const tiles = feedback(node.guess, word);
      k++;
      steps.append(el("li", { "data-guess": node.guess }, el("span", { class: "n" }, `Guess ${k}`),
        tileRow(node.guess, tiles), el("span", { class: "hint" }, `${fmt(node.cands.length)} possible before it`)));
      if (node.guess === word) break;
      node = node.children.get(patternNumber(tiles, s.length));
    }
    out.replaceChildren(el("p", {}, `With ${s.name}, `, el("b", {}, word), ` is solved in ${k} guess${k === 1 ? "" : "es"}:`),
      steps);
  }

  /* ---- finding an opener ---- */

  /* Per group: index of each opener; per optimize column: the sorted totals of its optimal rows. */
  function groupIndex(g) {
    if (!g.index) {
      g.words = g.openers.split(" ");
      g.index = new Map(g.words.map((w, i) => [w, i]));
      for (const c of g.columns)
        if (c.kind === "optimize") c.sorted = c.totals.filter((t, i) => c.verdicts[i] === "o").sort((a, b) => a - b);
    }
    return g.index;
  }

  function countBelow(sorted, t) {
    let lo = 0, hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /* The row of one column for the opener at I: what it says, in words and as data attributes. */
  function columnRow(g, c, i, word) {
    const v = c.verdicts[i];
    const tr = el("tr", { "data-kind": c.kind, "data-cap": String(c.cap), "data-verdict": v });
    const what = el("th", { scope: "row" }, c.kind === "optimize" ? `Best strategy within ${c.cap} guesses` :
      `Can guarantee ${c.cap} guesses`, el("br"), el("small", {}, c.kind === "optimize" ? `optimize --all, ${c.source}` :
      `prove --all, ${c.source}`));
    let text;
    if (v === "-") text = el("span", {}, "not in this table");
    else if (c.kind === "prove")
      text = el("span", { class: v === "p" ? "yes" : v === "i" ? "no" : "" },
        v === "p" ? `yes: proven within ${c.cap} guesses` : v === "i" ? `no: impossible within ${c.cap}` :
          "undecided (the search stopped at its node limit)");
    else if (v === "i") text = el("span", { class: "no" }, `impossible: no strategy solves every answer within ${c.cap}`);
    else if (v === "w") text = el("span", {}, `worse than the best (at least ${fmt(c.totals[i])} guesses)`);
    else {
      const t = c.totals[i], below = countBelow(c.sorted, t), ties = countBelow(c.sorted, t + 1) - below;
      tr.dataset.total = String(t);
      tr.dataset.average = average(t, g.answers);
      tr.dataset.rank = String(below + 1);
      text = el("span", {}, el("b", {}, `${fmt(t)} guesses`), `, average ${average(t, g.answers)}; rank ` +
        `${fmt(below + 1)} of ${fmt(c.sorted.length)} solvable openers` + (ties > 1 ? ` (tied with ${ties - 1})` : ""));
    }
    tr.append(what, el("td", {}, text));
    return tr;
  }

  /* Distribution of the optimal totals of column C, the bin of TOTAL marked. */
  function totalsChart(c, total, word) {
    const lo = c.sorted[0], hi = c.sorted[c.sorted.length - 1];
    const width = Math.max(1, Math.ceil((hi - lo + 1) / 40));
    const bars = [];
    for (let b = lo; b <= hi; b += width)
      bars.push({ label: fmt(b), count: 0, mark: total >= b && total < b + width });
    for (const t of c.sorted) bars[Math.floor((t - lo) / width)].count++;
    return barChart(bars, `Optimal totals of all ${fmt(c.sorted.length)} solvable openers (bins of ${width}); ` +
      `${word}'s bin, ${fmt(total)}, is marked`, `optimal total of each opener (bins of ${width}; fewer is better)`, 8,
      `${word}: ${fmt(total)}`);
  }

  function findOpener(word) {
    const out = $("opener-result");
    out.replaceChildren();
    if (!groups.length) {
      out.append(el("p", {}, "This page has no opener tables (hardsix page --table FILE)."));
      return;
    }
    for (const g of groups) {
      const i = groupIndex(g).get(word);
      const box = el("div", { class: "group", "data-lists": g.lists });
      box.append(el("h3", {}, `${g.lists} lists (${fmt(g.answers)} answers, ${fmt(g.words.length)} openers)`));
      if (i === undefined) {
        box.append(el("p", { class: "bad" }, `"${word}" is not an opener of these tables.`));
        out.append(box);
        continue;
      }
      const table = el("table", { class: "result" });
      g.columns.forEach((c) => table.append(columnRow(g, c, i, word)));
      box.append(table);
      for (const c of g.columns)
        if (c.kind === "optimize" && c.verdicts[i] === "o" && c.sorted.length > 1) box.append(totalsChart(c, c.totals[i], word));
      out.append(box);
    }
  }

  function wireFind() {
    $("answer-form").addEventListener("submit", (e) => {
      e.preventDefault();
      findAnswer($("answer").value.trim().toLowerCase());
    });
    $("opener-form").addEventListener("submit", (e) => {
      e.preventDefault();
      findOpener($("opener").value.trim().toLowerCase());
    });
    if (!groups.length) $("find-opener").hidden = true;
  }

  if (!strategies.length) {
    say("This page holds no strategy.", "bad");
    return;
  }
  wirePlay();
  wireFind();
  chooseStrategy(0);
  document.documentElement.dataset.firstGuessMs = performance.now().toFixed(0);
})();
