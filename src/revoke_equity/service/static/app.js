// revoke-equity: the directors' page. Plain JavaScript, no libraries, no network but this server.
// Every piece of request or ruling data reaches the page through textContent or setAttribute,
// never through innerHTML.
"use strict";

(function () {
  const API = "/api/v1";
  const SEATS = ["N", "E", "S", "W"];
  const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
  const SUITS = ["S", "H", "D", "C"];
  const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣", N: "NT" };
  const NOTICED = {
    "during-play": "during the play",
    "end-of-play": "at the end of play",
    "after-next-deal-call": "after a call on the next deal",
    "after-round": "after the round",
  };
  const REVOKE_KINDS = { "follow-suit": "failure to follow suit", "penalty-card": "failure to play a penalty card" };

  // ------------------------------------------------------------------ access token

  // Beyond loopback the service wants its access token (printed where it was started). The page
  // takes it from a "#token=..." link or asks once, keeps it in this browser, and sends it as a
  // bearer token with every API request.
  const TOKEN_KEY = "revoke-equity-token";

  function storedToken() {
    try { return localStorage.getItem(TOKEN_KEY) || ""; } catch (e) { return ""; }
  }

  function storeToken(token) {
    try { localStorage.setItem(TOKEN_KEY, token); } catch (e) { /* private mode: ask again next time */ }
  }

  function tokenFromLink() {
    const m = /^#token=([^&]+)$/.exec(location.hash);
    if (!m) return;
    storeToken(decodeURIComponent(m[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }

  /** fetch() with the access token; on 401, ask for the token (once for concurrent requests) and retry. */
  async function apiFetch(url, options) {
    options = options || {};
    for (let attempt = 0; attempt < 3; attempt++) {
      const sent = storedToken();
      const headers = Object.assign({}, options.headers || {});
      if (sent) headers.Authorization = "Bearer " + sent;
      const response = await fetch(url, Object.assign({}, options, { headers }));
      if (response.status !== 401) return response;
      if (storedToken() !== sent) continue;  // another request already got a new token
      const entered = window.prompt("This service needs its access token (it was printed where the service was started):", "");
      if (!entered || !entered.trim()) return response;
      storeToken(entered.trim());
    }
    return fetch(url, options);
  }

  // ------------------------------------------------------------------ DOM helpers

  /** Create an element; attrs are set with setAttribute (class via className), children are
   *  nodes or strings (as text nodes). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "onclick") node.addEventListener("click", value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    append(node, children);
    return node;
  }

  function append(node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  // ------------------------------------------------------------------ bridge formatting

  function rankText(rank) {
    return rank === "T" ? "10" : rank;
  }

  /** A card ("HT") as a span: suit symbol, coloured, and its rank. */
  function cardNode(card, extraClass) {
    if (!card || card.length < 2) return el("span", {}, card || "");
    const suit = card[0];
    return el("span", { class: "card suit-" + suit + (extraClass ? " " + extraClass : ""), title: card },
      el("span", { class: "sym", "aria-hidden": "true" }, SUIT_SYMBOLS[suit] || suit),
      el("span", { class: "visually-hidden" }, suit),
      rankText(card.slice(1)));
  }

  function contractNode(contract) {
    const m = /^(\d)(NT|N|S|H|D|C)(X{0,2})$/.exec(contract || "");
    if (!m) return el("span", {}, contract || "");
    const strain = m[2] === "NT" ? "N" : m[2];
    return el("span", { class: "contract" }, m[1],
      el("span", { class: "sym suit-" + strain }, SUIT_SYMBOLS[strain]), m[3] ? m[3] : "");
  }

  function scoreText(score) {
    if (score === null || score === undefined) return "";
    const value = Number(score);
    const text = Number.isInteger(value) ? String(Math.abs(value)) : Math.abs(value).toFixed(2).replace(/\.?0+$/, "");
    return "NS " + (value > 0 ? "+" : value < 0 ? "−" : "") + text;
  }

  function seatName(seat) {
    return SEAT_NAMES[seat] || seat || "";
  }

  /** JSON codes that the Laws print otherwise: "64C2a" is printed "64C2(a)". */
  const PRINTED = { "64C2a": "64C2(a)", "64C2b": "64C2(b)" };

  /** A clause of Laws 61-64 or 12 as the Laws print it. */
  function printedLaw(law) {
    return PRINTED[law] || law;
  }

  /** A clause of Laws 61-64 or 12 as cited: "Law 64A1", "Law 64C2(a)". */
  function lawText(law) {
    return "Law " + printedLaw(law);
  }

  /** A printed law label: a recommendation's `label`, or lawText(a clause). */
  function lawNode(label) {
    return el("span", { class: "law" }, label);
  }

  /** The recommendation's law as printed (a ruling logged before `label` existed: its law). */
  function recommendationLabel(rec) {
    return rec.label || lawText(rec.law);
  }

  /** Whether the ruling found an established revoke (from the revokes when the ruling predates
   * `established_revoke`). */
  function hasEstablishedRevoke(ruling) {
    const rec = ruling.recommendation || {};
    if (typeof rec.established_revoke === "boolean") return rec.established_revoke;
    return (ruling.revokes || []).some((r) => r.established);
  }

  /** A sentence's parts as nodes: text, and citations (parts with `laws`) in bold. */
  function sentenceNodes(parts) {
    return parts.map((part) =>
      part.laws ? el("strong", { class: "law-ref", "data-laws": part.laws.join(" ") }, part.text) :
        document.createTextNode(part.text));
  }

  /** An explanation step from its parts. */
  function explanationLine(parts) {
    return el("li", {}, sentenceNodes(parts));
  }

  /** The recommendation's reason: its parts, or the plain `reason` of an older ruling. */
  function reasonNodes(rec) {
    if (rec.reason_parts) return sentenceNodes(rec.reason_parts);
    return rec.reason ? [document.createTextNode(rec.reason)] : [];
  }

  /** The explanation steps: `steps` (parts), or the plain `explanation` of an older ruling. */
  function explanationSteps(ruling) {
    if (ruling.steps) return ruling.steps.map(explanationLine);
    return (ruling.explanation || []).map((text) => el("li", {}, text));
  }

  function tricksText(n) {
    return n === 1 ? "1 trick" : n + " tricks";
  }

  // ------------------------------------------------------------------ the ruling sheet

  /** {ruling, view, meta} from a POST item (ruling fields at the top) or a stored record. */
  function normalise(item) {
    if (item && item.ruling && item.case) {
      return { ruling: item.ruling, view: item, meta: { id: item.id, created: item.created, version: item.version } };
    }
    return { ruling: item, view: item, meta: { id: item.id, created: item.created, version: null } };
  }

  function renderSheet(item) {
    const { ruling, view, meta } = normalise(item);
    const sheet = el("article", { class: "ruling", "data-ruling-id": meta.id || "" });
    const board = ruling.board !== null && ruling.board !== undefined ? "Board " + ruling.board : "Board";
    const declarer = ruling.declarer;
    const rec = ruling.recommendation || {};

    // Heading
    sheet.appendChild(el("header", { class: "sheet-head" },
      el("div", {},
        el("h2", {}, board, " · ", contractNode(ruling.contract), " by ", seatName(declarer)),
        el("p", { class: "facts" },
          "Vulnerable: ", ruling.vulnerable === "None" ? "none" : ruling.vulnerable === "All" ? "both" : ruling.vulnerable,
          " · Laws ", ruling.laws,
          " · Revoke noticed ", NOTICED[ruling.noticed] || ruling.noticed || "")),
      el("div", { class: "sheet-actions no-print" },
        el("button", { type: "button", class: "secondary", onclick: () => printSheet(meta.id) }, "Print ruling sheet"),
        view.handviewer_url ? el("a", { class: "button secondary", href: view.handviewer_url, target: "_blank", rel: "noopener noreferrer" }, "Open in BBO handviewer") : null,
        meta.id ? el("a", { class: "button secondary", href: API + "/rulings/" + encodeURIComponent(meta.id), target: "_blank", rel: "noopener" }, "JSON") : null)));

    // Verdict
    const words = rec.words || (rec.adjusted ? "adjusted score" : "the result stands");
    const adjusted = hasEstablishedRevoke(ruling) || ruling.law_62 ? words.charAt(0).toUpperCase() + words.slice(1) : "No established revoke";
    // A weighted score or 12C2's split pair is entered as the lines below, never as one figure
    const several = rec.enter === "split" || (ruling.score_to_enter || []).some((s) => s.weighted);
    sheet.appendChild(el("section", { class: "verdict" + (rec.adjusted ? " adjusted" : "") },
      el("div", { class: "verdict-label" }, "Recommended ruling"),
      el("div", { class: "verdict-main" },
        el("span", { class: "verdict-tricks" }, several ? "Most likely: " : "", seatName(declarer), " ", tricksText(rec.declarer_tricks)),
        several ? null : el("span", { class: "verdict-score" }, scoreText(rec.score_ns)),
        el("span", { class: "verdict-law" }, lawNode(recommendationLabel(rec)))),
      scoreToEnterNode(ruling),
      el("div", { class: "verdict-kind" }, adjusted + (rec.reason ? ": " : ""), ...reasonNodes(rec))));

    // Hands and results side by side
    const grid = el("div", { class: "sheet-grid" });
    if (view.hands) grid.appendChild(handsNode(view, ruling));
    grid.appendChild(resultsNode(ruling));
    sheet.appendChild(grid);

    // What the director should check in the case (a contract the auction did not reach)
    const warnings = warningsNode(ruling);
    if (warnings) sheet.appendChild(warnings);

    // The auction, and what each seat showed that the single-dummy layouts match
    const auction = auctionNode(ruling, view);
    if (auction) sheet.appendChild(auction);

    // The likely result without the revoke: a bar per result of each estimate
    const likely = distributionNode(ruling);
    if (likely) sheet.appendChild(likely);

    // How firm the recommendation is: near a threshold, and under the other classes of player
    const firm = firmnessNode(ruling);
    if (firm) sheet.appendChild(firm);

    // Revokes and rectifications
    sheet.appendChild(revokesNode(ruling));

    // Trick table
    if (view.tricks) sheet.appendChild(tricksNode(view, ruling));

    // Steps
    const steps = el("ol", { class: "steps" }, explanationSteps(ruling));
    sheet.appendChild(el("section", { class: "block" }, el("h3", {}, "How the ruling was reached"), steps));

    // Equity details
    const details = equityDetails(ruling);
    if (details) sheet.appendChild(details);

    // Footer: the ruling id
    sheet.appendChild(el("footer", { class: "sheet-foot" },
      el("div", { class: "ids" },
        meta.id ? el("span", {}, "Ruling ", el("code", { class: "ruling-id" }, meta.id)) : null,
        meta.created ? el("span", {}, " · ", new Date(meta.created).toLocaleString()) : null,
        " · ", ruling.format || "",
        meta.version ? " · revoke-equity " + meta.version : "")));
    return sheet;
  }

  /** A side's score as scorers write it: "+620", "-100", "0". */
  function pointsText(score) {
    const value = Number(score);
    if (value === 0) return "0";
    return (value > 0 ? "+" : "-") + Math.abs(value).toFixed(2).replace(/\.?0+$/, "");
  }

  /** One result to enter, as the ruling's `text` writes it: "60% of 5C= by E, NS -400". */
  function componentText(component, side) {
    return (component.percent === 100 ? "" : component.percent + "% of ") + component.result +
      " by " + component.declarer + ", " + side + " " + pointsText(component.score);
  }

  /**
   * The score to enter in the scoring program, one block per side, as the ruling JSON's
   * `score_to_enter` writes it: each component on its own line (contract and result, declarer,
   * the side's score), then what the line adds ("score each component, then weight; net ...",
   * or the 12C2 side's note). A ruling logged without it shows nothing here.
   */
  function scoreToEnterNode(ruling) {
    const sides = ruling.score_to_enter;
    if (!Array.isArray(sides) || sides.length === 0) return null;
    const blocks = sides.map((side) => {
      const components = side.components || [];
      const lines = components.map((c) => componentText(c, side.side));
      const joined = lines.join("; ");
      const note = side.text && side.text.startsWith(joined) ? side.text.slice(joined.length).trim() : "";
      const shown = side.text && !side.text.startsWith(joined) ? [side.text] : lines;
      return el("div", { class: "enter-side" + (side.weighted ? " weighted" : ""), "data-side": side.side },
        shown.map((line) => el("div", { class: "enter-line" }, line)),
        note ? el("div", { class: "enter-note" }, note.replace(/^\((.*)\)$/, "$1")) : null);
    });
    return el("div", { class: "score-to-enter" },
      el("div", { class: "verdict-label" }, "Score to enter"), blocks);
  }

  function handsNode(view, ruling) {
    const dummy = view.dummy;
    const revoked = new Set((ruling.revokes || []).map((r) => r.player + ":" + r.card));
    function hand(seat) {
      const role = seat === ruling.declarer ? "declarer" : seat === dummy ? "dummy" : "";
      const lines = SUITS.map((suit) => {
        const ranks = ((view.hands[seat] || {})[suit] || "").split("");
        return el("div", { class: "suit-line" },
          el("span", { class: "sym suit-" + suit, "aria-label": suit }, SUIT_SYMBOLS[suit]),
          " ",
          ranks.length === 0 ? el("span", { class: "void" }, "—") :
            ranks.map((r) => el("span", { class: revoked.has(seat + ":" + suit + r) ? "rank revoke-card" : "rank", title: revoked.has(seat + ":" + suit + r) ? "revoke card" : null }, rankText(r))));
      });
      return el("div", { class: "hand hand-" + seat },
        el("div", { class: "hand-name" }, seatName(seat), role ? el("span", { class: "role" }, role) : null),
        lines);
    }
    const vul = ruling.vulnerable;
    const centre = el("div", { class: "compass" },
      el("div", { class: "compass-board" }, ruling.board !== null && ruling.board !== undefined ? "Board " + ruling.board : ""),
      el("div", { class: "compass-ring" },
        SEATS.map((s) => el("span", { class: "c-" + s + ((vul === "All" || vul.indexOf(s) >= 0) && vul !== "None" ? " vul" : "") }, s))),
      el("div", { class: "compass-contract" }, contractNode(ruling.contract), " ", ruling.declarer));
    return el("section", { class: "block hands-block" },
      el("h3", {}, "The deal"),
      el("div", { class: "diagram" }, hand("N"), hand("W"), centre, hand("E"), hand("S")));
  }

  function resultsNode(ruling) {
    const rows = [];
    const rec = ruling.recommendation || {};
    const rects = ruling.rectifications || [];
    const lawsUsed = [...new Set(rects.map((r) => r.law))];
    function row(label, tricks, score, basis, cls) {
      rows.push(el("tr", { class: cls || null },
        el("th", { scope: "row" }, label),
        el("td", { class: "num" }, tricks === null || tricks === undefined ? "" : String(tricks)),
        el("td", { class: "num" }, scoreText(score)),
        el("td", { class: "basis" }, basis)));
    }
    row("Table result", ruling.table.declarer_tricks, ruling.table.score_ns, "as played");
    const transferred = ruling.transferred;
    row("After rectification", ruling.mechanical.declarer_tricks, ruling.mechanical.score_ns,
      (lawsUsed.length ? lawsUsed.map(lawText).join(", ") + ": " : "") +
      (ruling.law_62D ? "trick 12 corrected (Law 62D)" :
        ruling.law_62 && !transferred ? "revoke not established, corrected and replayed (Law 62)" :
        (transferred ? tricksText(transferred) + " transferred" : "no tricks transferred")), "mechanical");
    const eq = ruling.equity;
    if (eq) {
      const cmp = eq.comparison || {};
      row("Double-dummy (dd)", eq.declarer_tricks, eq.score_ns,
        "from trick " + eq.from_trick + " (" + lawText(cmp.law) + " comparison), " +
        seatName(eq.offender_to_play) + " playing a legal card, then double-dummy", "equity");
      const chosen = (eq.estimates || {})[rec.estimate];
      if (chosen && rec.estimate !== "dd") {
        row(estimateLabel(rec.estimate) + " (" + rec.estimate + ")", null, null,
          "expected " + chosen.expected.toFixed(2) + " tricks; see the distribution below", "estimate");
      }
    }
    if (rec.weighted && (rec.weighted.components || []).length > 1) {
      const parts = (rec.weighted.components || []).map((c) =>
        Math.round(c.weight * 100) + "% of " + (c.result ? c.result + " by " + c.declarer : c.declarer_tricks) +
        " (" + scoreText(c.score_ns) + ")");
      row("Weighted score (" + printedLaw(rec.weighted.law) + "), net", null, rec.weighted.score_ns,
        parts.join(" + ") + (rec.enter === "weighted" ? "; enter the components (score each, then weight)" : ""), "weighted");
    }
    if (rec.split) {
      const law = printedLaw(rec.split.law) + (rec.enter === "split" ? ", to enter" : "");
      row("Split score (" + law + "): non-offenders", rec.split.non_offenders.declarer_tricks,
        rec.split.non_offenders.score_ns, "most favourable result that was likely", "split");
      row("Split score (" + law + "): offenders", rec.split.offenders.declarer_tricks,
        rec.split.offenders.score_ns, "most unfavourable result that was at all probable", "split");
    }
    row("Recommended", rec.declarer_tricks, rec.score_ns, hasEstablishedRevoke(ruling) || ruling.law_62 ?
      recommendationLabel(rec) + ": " + (rec.words || (rec.adjusted ? "adjusted score" : "the result stands")) :
      "no established revoke", "recommended");
    // What each estimate shown beside leads to, by the same rule: never the score to enter
    for (const other of ruling.beside || []) {
      const w = other.weighted && (other.weighted.components || []).length > 1 ? other.weighted : null;
      const parts = w ? "; weighted (" + printedLaw(w.law) + "): " + w.components.map((c) =>
        Math.round(c.weight * 100) + "% of " + c.declarer_tricks + " (" + scoreText(c.score_ns) + ")").join(" + ") +
        ", net" : "";
      row("Beside it: " + estimateLabel(other.estimate) + " (" + other.estimate + ")", other.declarer_tricks,
        w ? w.score_ns : other.score_ns,
        recommendationLabel(other) + ": " + other.words + (w ? ", most likely " + tricksText(other.declarer_tricks) : "") +
        parts + " (not the score to enter)", "beside");
    }
    return el("section", { class: "block results-block" },
      el("h3", {}, "Results"),
      el("table", { class: "results" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, ""), el("th", { scope: "col", class: "num" }, "Declarer's tricks"),
          el("th", { scope: "col", class: "num" }, "Score"), el("th", { scope: "col" }, "Basis"))),
        el("tbody", {}, rows)));
  }

  function revokesNode(ruling) {
    const revokes = ruling.revokes || [];
    if (!revokes.length) {
      return el("section", { class: "block" }, el("h3", {}, "Revokes"), el("p", {}, "No revoke was found in the play record."));
    }
    const rects = ruling.rectifications || [];
    const body = revokes.map((r) => {
      const rect = rects.find((x) => x.trick === r.trick && x.player === r.player);
      const status = r.corrected ? "corrected (not established)" : r.established ? "established" : "not established";
      return el("tr", { class: r.established ? "established" : "corrected" },
        el("td", { class: "num" }, String(r.trick)),
        el("td", {}, seatName(r.player), r.by_dummy ? " (dummy)" : ""),
        el("td", {}, cardNode(r.card)),
        el("td", {}, r.suit_led ? el("span", { class: "sym suit-" + r.suit_led }, SUIT_SYMBOLS[r.suit_led]) : "—"),
        el("td", {}, REVOKE_KINDS[r.kind] || r.kind || ""),
        el("td", {}, status),
        el("td", {}, rect ? lawNode(lawText(rect.law)) : "—"),
        el("td", { class: "num" }, rect ? String(rect.tricks) : "—"));
    });
    return el("section", { class: "block" },
      el("h3", {}, "Revokes and rectification"),
      el("table", { class: "revokes" },
        el("thead", {}, el("tr", {},
          ["Trick", "Player", "Card", "Suit led", "Kind", "Status", "Law", "Tricks"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, body)),
      ruling.transferred !== undefined && rects.length > 1 ?
        el("p", { class: "note" }, "Tricks actually transferred in all: " + ruling.transferred + ".") : null);
  }

  function tricksNode(view, ruling) {
    const revokes = new Map();
    for (const r of ruling.revokes || []) revokes.set(r.trick + ":" + r.player, r);
    const expectation = ruling.trace ? ruling.trace.declarer_expectation_by_trick : null;
    const declarerSide = "NS".indexOf(ruling.declarer) >= 0 ? "NS" : "EW";
    let ns = 0;
    let ew = 0;
    const rows = view.tricks.map((t) => {
      const cells = SEATS.map((seat) => {
        const card = t.cards[seat];
        if (!card) return el("td", { class: "card-cell empty", "data-seat": seat }, "");
        const revoke = revokes.get(t.trick + ":" + seat);
        const classes = ["card-cell"];
        if (seat === t.leader) classes.push("lead");
        if (seat === t.winner) classes.push("winner");
        let title = seatName(seat) + (seat === t.leader ? " led " : " played ") + card;
        if (seat === t.winner) title += ", won the trick";
        const marks = [];
        if (revoke) {
          classes.push(revoke.corrected ? "revoke corrected" : "revoke");
          title += revoke.corrected ? " — revoke corrected (Law 62): " + revoke.card + " was withdrawn" :
            " — REVOKE (Law 61A)" + (revoke.established ? ", established" : "");
          marks.push(el("span", { class: "revoke-mark", "aria-label": "revoke" }, "R"));
        }
        return el("td", { class: classes.join(" "), title: title, "data-seat": seat, "data-trick": t.trick },
          cardNode(card), marks);
      });
      if (t.winner) {
        if (t.winner === "N" || t.winner === "S") ns += 1; else ew += 1;
      }
      const before = expectation && expectation[t.trick - 1] !== undefined ? expectation[t.trick - 1] : null;
      const after = expectation && expectation[t.trick] !== undefined ? expectation[t.trick] : null;
      const swing = before !== null && after !== null && after !== before;
      const hasRevoke = SEATS.some((s) => revokes.has(t.trick + ":" + s));
      return el("tr", { class: hasRevoke ? "revoke-row" : null, "data-trick": t.trick },
        el("th", { scope: "row", class: "num" }, String(t.trick)),
        el("td", {}, seatName(t.leader)),
        cells,
        el("td", {}, t.winner ? seatName(t.winner) : "—"),
        el("td", { class: "num" }, t.winner ? ns + "–" + ew : ""),
        expectation ? el("td", { class: "num" + (swing ? " swing" : ""), title: swing ? "declarer's double-dummy total changed during this trick" : null },
          before === null ? "" : String(before), swing ? " → " + after : "") : null);
    });
    const claim = view.case && view.case.claim;
    if (claim) {
      const defenders = 13 - claim.after_trick - claim.declarer_tricks;
      rows.push(el("tr", { class: "claim-row" },
        el("td", { colspan: expectation ? 10 : 9 },
          "Claim after trick " + claim.after_trick + (claim.by ? " by " + seatName(claim.by) : "") +
          (claim.agreed === false ? ", not agreed by the other side" : "") +
          ": declarer's side took " + claim.declarer_tricks +
          " and the defenders " + defenders + " of the remaining " + (13 - claim.after_trick) + " tricks.")));
    }
    return el("section", { class: "block" },
      el("h3", {}, "The play"),
      el("p", { class: "legend" },
        el("span", { class: "legend-item lead-demo" }, "led"), " ",
        el("span", { class: "legend-item winner-demo" }, "won the trick"), " ",
        el("span", { class: "legend-item revoke-demo" }, "revoke"), " ",
        expectation ? "DD: declarer's double-dummy total before the trick (→ after it, when the trick changed it). " : "",
        "Tricks: NS–EW so far; declarer's side is " + declarerSide + "."),
      el("table", { class: "tricks" },
        el("thead", {}, el("tr", {},
          el("th", { scope: "col", class: "num" }, "Trick"), el("th", { scope: "col" }, "Led by"),
          SEATS.map((s) => el("th", { scope: "col", class: s === ruling.declarer ? "declarer-col" : null }, seatName(s))),
          el("th", { scope: "col" }, "Won by"), el("th", { scope: "col", class: "num" }, "Tricks"),
          expectation ? el("th", { scope: "col", class: "num" }, "DD") : null)),
        el("tbody", {}, rows)),
      traceChangesNode(ruling));
  }

  /** When the trace follows a corrected play (Law 62): from the revoke's trick on, the DD column
   *  is the corrected play's; each card that replaced the table's, with the clause that let it. */
  function traceChangesNode(ruling) {
    const changes = ruling.trace && ruling.trace.changes;
    if (!changes || !changes.length) return null;
    const items = [];
    changes.forEach((c, i) => {
      if (i) items.push("; ");
      items.push("trick " + c.trick + ", " + seatName(c.player) + ": ", cardNode(c.withdrawn),
        " withdrawn, ", cardNode(c.card), " played (", lawNode(lawText(c.clause)), ")");
    });
    return el("p", { class: "note trace-changes" },
      "From trick " + changes[0].trick + " the DD column follows the corrected play: ", items, ".");
  }

  /** Each estimator's label, from the service's registry: the page as served carries
   *  GET /api/v1/choices in #choices. */
  const ESTIMATES = {};
  /** The estimators that play with a class of player (the others model none). */
  const WITH_PLAYERS = new Set();
  /** The estimates the forms' boxes show beside the chosen one. */
  const ALSO = [];
  try {
    const served = JSON.parse((document.getElementById("choices") || {}).textContent || "{}");
    for (const name of served.default_also || []) ALSO.push(name);
    for (const e of served.estimators || []) {
      ESTIMATES[e.name] = e.label;
      if (e.players) WITH_PLAYERS.add(e.name);
    }
  } catch (error) {
    // the labels fall back to the estimators' names
  }

  /** Whether the estimate chosen in the form, or one shown beside it (the box: single-dummy
   *  players beside double-dummy play), plays with a class of player. */
  function estimateHasPlayers() {
    const chosen = $("estimate") ? $("estimate").value : "";
    const beside = $("also") ? $("also").checked : false;
    return !WITH_PLAYERS.size || WITH_PLAYERS.has(chosen) ||
      (beside && ALSO.some((n) => n !== chosen && WITH_PLAYERS.has(n)));
  }

  /** The `also` parameter from a form's box: the estimates shown beside by default, the chosen
   *  one left out, or none when the box is cleared. */
  function alsoParam(params, chosen, box) {
    if (!box) return;
    params.set("also", box.checked ? ALSO.filter((n) => n !== chosen).join(",") : "");
  }

  /** The class of player and "how firm" apply only to an estimate with players: for another
   *  (double-dummy play) they are disabled, as every class would give the same ruling. */
  function syncPlayerControls() {
    const apply = estimateHasPlayers();
    for (const id of ["players", "also-players"]) {
      const control = $(id);
      if (!control) continue;
      control.disabled = !apply;
      const label = control.closest("label");
      if (label) label.classList.toggle("not-applicable", !apply);
    }
  }

  function estimateLabel(name) {
    return ESTIMATES[name] || name;
  }

  /** ``node`` with a CSS length set through the CSSOM (the page's policy forbids style attributes). */
  function placed(node, property, share) {
    node.style[property] = (100 * share).toFixed(1) + "%";
    return node;
  }

  /** One estimate's distribution as horizontal bars, with the likely and probable thresholds. */
  function barsNode(name, estimate, thresholds, scoreOf) {
    const dist = estimate.distribution || {};
    const likely = thresholds.likely, probable = thresholds.probable;
    const params = estimate.parameters || {};
    const how = name === "dd" ? "double-dummy line" :
      (params.players || "") + " players, " + (params.worlds || "") + " layouts a decision, " +
      (params.method === "exact" ? "exact" : (params.playouts || "") + " playouts");
    const rows = Object.keys(dist).map(Number).sort((a, b) => a - b).map((t) => {
      const p = dist[String(t)];
      const mark = p >= likely - 1e-9 ? "likely" : p >= probable - 1e-9 ? "at all probable" : "";
      const interval = estimate.interval ? estimate.interval[String(t)] : null;
      return el("div", { class: "bar-row" + (mark ? " " + mark.replace(/ /g, "-") : "") },
        el("span", { class: "bar-label" }, tricksText(t), scoreOf(t) === null ? "" : " (" + scoreText(scoreOf(t)) + ")"),
        el("span", { class: "bar-track", title: interval ? "95% interval " + Math.round(interval[0] * 100) + "–" + Math.round(interval[1] * 100) + "%" : "" },
          placed(el("span", { class: "bar" }), "width", p),
          placed(el("span", { class: "threshold likely-line" }), "left", likely),
          placed(el("span", { class: "threshold probable-line" }), "left", probable)),
        el("span", { class: "bar-value" }, Math.round(100 * p) + "%" + (mark ? " · " + mark : "")));
    });
    return el("div", { class: "estimate" },
      el("h4", {}, estimateLabel(name) + " (" + name + "): expected " + Number(estimate.expected).toFixed(2) + " tricks"),
      el("p", { class: "estimate-how" }, how),
      el("div", { class: "bars" }, rows),
      unseenNode(estimate),
      linesNode(estimate));
  }

  /** Ascending trick counts as ranges: "0–7, 11–13". */
  function trickRanges(tricks) {
    const runs = [];
    for (const t of tricks) {
      if (runs.length && t === runs[runs.length - 1][1] + 1) runs[runs.length - 1][1] = t;
      else runs.push([t, t]);
    }
    return runs.map((r) => (r[0] === r[1] ? String(r[0]) : r[0] + "–" + r[1])).join(", ");
  }

  /** The results the estimate has a 95% interval for but did not draw, in one line ("not seen
   *  in 60 playouts: 8 tricks, at most 6.0%"); nothing when there are none or none reaches 0.1%. */
  function unseenNode(estimate) {
    const dist = estimate.distribution || {};
    const interval = estimate.interval || {};
    const unseen = Object.keys(interval).filter((t) => !(t in dist)).map(Number).sort((a, b) => a - b);
    const most = Math.max(0, ...unseen.map((t) => interval[String(t)][1]));
    if (!unseen.length || most < 0.0005) return null;
    const playouts = (estimate.parameters || {}).playouts;
    const where = playouts ? "Not seen in " + playouts + " playouts" : "Not reached with these layouts";
    return el("p", { class: "estimate-unseen" }, where + ": " + trickRanges(unseen) + " tricks, " +
      (unseen.length > 1 ? "each " : "") + "at most " + (100 * most).toFixed(1) + "% (95% interval).");
  }

  function distributionNode(ruling) {
    const eq = ruling.equity;
    const rec = ruling.recommendation || {};
    if (!eq || !eq.estimates) return null;
    const thresholds = rec.thresholds || { likely: 1 / 3, probable: 1 / 6 };
    const scoreOf = (t) => (t === rec.declarer_tricks ? rec.score_ns :
      t === ruling.mechanical.declarer_tricks ? ruling.mechanical.score_ns :
      t === ruling.table.declarer_tricks ? ruling.table.score_ns : null);
    const names = Object.keys(eq.estimates);
    names.sort((a, b) => (a === rec.estimate ? -1 : b === rec.estimate ? 1 : 0));
    const cmp = eq.comparison || {};
    const kept = cmp.kept_revokes && cmp.kept_revokes.length ?
      "; the revoke at trick " + cmp.kept_revokes.join(", ") + " stays, with its transfer" : "";
    return el("section", { class: "block distribution-block" },
      el("h3", {}, "The likely result without the revoke"),
      el("p", {}, "From trick " + cmp.trick + " (" + lawText(cmp.law) + "), " + seatName(cmp.player) +
        " playing a legal card" + kept + ". Likely: at least " + Math.round(100 * thresholds.likely) +
        "%; at all probable: at least " + Math.round(100 * thresholds.probable) + "%."),
      names.map((n) => barsNode(n, eq.estimates[n], thresholds, scoreOf)));
  }

  // ------------------------------------------------------------------ the auction

  const AUCTION_COLUMNS = ["W", "N", "E", "S"];
  const SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

  /** A call ("3N", "P", "X") as printed: Pass, X, XX, a bid with its suit symbol. */
  function callNode(call, alerted) {
    const m = /^([1-7])(NT|N|S|H|D|C)$/.exec(call);
    const mark = alerted ? el("span", { class: "alert-mark", title: "alerted" }, "!") : null;
    if (!m) return el("span", { class: "call" }, call === "P" ? "Pass" : call, mark);
    const strain = m[2] === "NT" ? "N" : m[2];
    return el("span", { class: "call" }, m[1], el("span", { class: "sym suit-" + strain }, SUIT_SYMBOLS[strain]), mark);
  }

  /** A range of the JSON `shown` in words: "7+" (at least), "0-11", "6". */
  function rangeText(range, top) {
    const lo = range[0], hi = range[1];
    if (lo === hi) return String(lo);
    if (hi >= top) return lo + "+";
    return lo + "-" + hi;
  }

  /** One seat's constraints of `equity.shown` in words: "7+ spades, 5-10 HCP". */
  function constraintText(ranges) {
    const parts = SUITS.filter((s) => ranges[s]).map((s) => rangeText(ranges[s], 13) + " " + SUIT_WORDS[s]);
    if (ranges.hcp) parts.push(rangeText(ranges.hcp, 37) + " HCP");
    return parts.join(", ") || "anything";
  }

  /** The auction in rounds under West, North, East and South (from the ruling's `auction`, else
   *  the case), and what each seat showed that the single-dummy layouts match. */
  function auctionNode(ruling, view) {
    const fromCase = view && view.case && view.case.auction ?
      { dealer: view.case.dealer, calls: view.case.auction, alerted: view.case.alerted || [] } : null;
    const auction = ruling.auction || fromCase;
    const eq = ruling.equity || {};
    const shown = eq.shown || {};
    const from = eq.shown_from || {};
    const notUsed = eq.shown_not_used || {};
    const seen = Object.keys(shown).length + Object.keys(notUsed).length;
    if (!auction && !seen) return null;
    const parts = [el("h3", {}, "The auction")];
    if (auction) {
      const alerted = new Set(auction.alerted || []);
      const cells = [];
      for (let i = 0; i < AUCTION_COLUMNS.indexOf(auction.dealer); i++) cells.push(el("td", {}, ""));
      auction.calls.forEach((call, i) => cells.push(el("td", { "data-call": i }, callNode(call, alerted.has(i)))));
      while (cells.length % 4) cells.push(el("td", {}, ""));
      const rows = [];
      for (let i = 0; i < cells.length; i += 4) rows.push(el("tr", {}, cells.slice(i, i + 4)));
      parts.push(el("table", { class: "auction" },
        el("thead", {}, el("tr", {}, AUCTION_COLUMNS.map((s) => el("th", { scope: "col" }, seatName(s))))),
        el("tbody", {}, rows)));
      if (alerted.size) parts.push(el("p", { class: "legend" }, "! an alerted call: it shows nothing to the layouts."));
    }
    if (seen) {
      const items = Object.keys(shown).map((seat) => el("li", { "data-seat": seat },
        seatName(seat) + ": " + constraintText(shown[seat]) + ", from " + (from[seat] || []).join(", ")));
      for (const seat of Object.keys(notUsed)) {
        for (const source of notUsed[seat]) {
          items.push(el("li", { class: "not-used", "data-seat": seat },
            seatName(seat) + ": not used, the cards do not match " + source));
        }
      }
      parts.push(el("p", {}, "What each seat showed (the single-dummy layouts match it):"),
        el("ul", { class: "shown" }, items));
    } else if (auction) {
      parts.push(el("p", { class: "muted" }, "No single-dummy estimate used what the auction showed" +
        " (the double-dummy estimate sees every card, or the auction was ignored)."));
    }
    if (ruling.auction_effect) {
      parts.push(el("p", { class: "auction-effect", "data-moved": String(ruling.auction_effect.moved) },
        ruling.auction_effect.text));
    }
    return el("section", { class: "block auction-block" }, parts);
  }

  /** The ruling's `warnings`: what the director should check in the case. */
  function warningsNode(ruling) {
    const warnings = ruling.warnings || [];
    if (!warnings.length) return null;
    return el("section", { class: "block warnings-block", role: "note" },
      el("h3", {}, "Check the case"),
      el("ul", { class: "warnings" }, warnings.map((w) => el("li", {}, w))));
  }

  // ------------------------------------------------------------------ how firm it is

  /** Results within one sampling error of a threshold, and the recommendation under the other
   *  classes of player (`sensitivity`, asked with also_players). */
  function firmnessNode(ruling) {
    const rec = ruling.recommendation || {};
    const others = ruling.sensitivity || [];
    // the ruling's own recommendation, then each estimate's shown beside it (said so)
    const views = [{ rec: rec, tag: "", what: "the recommendation" }].concat((ruling.beside || []).map((b) =>
      ({ rec: b, tag: " (" + estimateLabel(b.estimate).toLowerCase() + ", shown beside)", what: "the score it leads to" })));
    const shown = views.filter((v) => (v.rec.near_threshold || []).length || (v.rec.weighted || {}).score_ns_range);
    if (!shown.length && !others.length) return null;
    const parts = [el("h3", {}, "How firm it is")];
    for (const view of shown) {
      const weighted = view.rec.weighted || {};
      const range = weighted.score_ns_range;
      const near = view.rec.near_threshold || [];
      if (range) {
        parts.push(el("h4", {}, "The weights' error" + view.tag), el("p", { class: "weight-error" },
          "With the estimate's error (95%): " + (weighted.components || []).map((c) =>
            tricksText(c.declarer_tricks) + " " + Math.round(100 * c.weight) + "% (" +
            Math.round(100 * c.weight_interval[0]) + "-" + Math.round(100 * c.weight_interval[1]) + "%)").join(", ") +
          "; the net is " + scoreText(Math.round(range[0])) + " to " + scoreText(Math.round(range[1])) + " within them."));
      }
      if (near.length) {
        parts.push(el("h4", {}, "Near a threshold" + view.tag), el("ul", { class: "near-threshold" }, near.map((n) =>
          el("li", {}, tricksText(n.declarer_tricks) + " at " + (100 * n.probability).toFixed(1) +
            "% is within one sampling error (" + (100 * n.sampling_error).toFixed(1) + "%) of the " +
            (n.threshold === "likely" ? "likely" : "at all probable") + " threshold (" +
            Math.round(100 * n.value) + "%): " + view.what + " could turn on it."))));
      }
    }
    if (others.length) {
      // the estimate that models the players: the ruling's own, or the one shown beside it
      const played = others[0].estimate || rec.estimate;
      const own = ((ruling.equity || {}).estimates || {})[played] || {};
      const players = (own.parameters || {}).players;
      parts.push(el("h4", {}, "Under other classes of player"),
        el("p", { class: "muted" }, "The same ruling with the players' class changed" +
          (played !== rec.estimate ? ", on the " + estimateLabel(played).toLowerCase() + " estimate shown beside it" : "") +
          (players ? " (this ruling: " + players + " players)" : "") + "."),
        el("table", { class: "sensitivity" },
          el("thead", {}, el("tr", {}, ["Players", "Ruling", "Declarer's tricks", "Score"].map((h) => el("th", { scope: "col" }, h)))),
          el("tbody", {}, others.map((o) => o.unfinished ?
            el("tr", { "data-players": o.players }, el("td", {}, o.players), el("td", { colspan: 3 }, o.unfinished)) :
            el("tr", { "data-players": o.players },
              el("td", {}, o.players),
              el("td", {}, lawNode(lawText(o.law)), o.adjusted ? " adjusted score" : ""),
              el("td", { class: "num" }, String(o.declarer_tricks)),
              el("td", { class: "num" }, scoreText(o.weighted_score_ns !== undefined ? o.weighted_score_ns : o.score_ns) +
                (o.weighted_score_ns !== undefined ? " (weighted, net)" : "")))))));
    }
    return el("section", { class: "block firmness-block" }, parts);
  }

  /** The line of play behind each outcome of an estimate (`lines`), the most likely first. */
  function linesNode(estimate) {
    const lines = estimate.lines || [];
    if (!lines.length) return null;
    return el("div", { class: "lines" },
      el("p", { class: "lines-title" }, "The line behind each outcome:"),
      el("ul", {}, lines.map((line) => el("li", { "data-tricks": line.declarer_tricks },
        line.text + " (followed in " + Math.round(100 * line.share) + "% of the replays)",
        line.cards && line.cards.length ? el("details", {},
          el("summary", {}, "the cards"),
          el("span", { class: "line-cards" }, line.cards.map((c, i) => {
            const [seat, card] = c.split(":");
            return el("span", { class: "line-card" }, i ? " " : "", seat + " ", cardNode(card));
          }))) : null))));
  }

  function equityDetails(ruling) {
    const eq = ruling.equity;
    const parts = [];
    if (eq && eq.alternatives && eq.alternatives.length) {
      parts.push(el("p", {}, seatName(eq.offender_to_play), "'s legal cards at trick " + eq.from_trick +
        ", each followed by double-dummy play (declarer's total tricks): "));
      parts.push(el("ul", { class: "alternatives" }, eq.alternatives.map((a) =>
        el("li", {}, cardNode(a.card), " → " + a.declarer_tricks))));
    }
    if (ruling.law_62D) {
      const alt = ruling.law_62D.alternatives || {};
      parts.push(el("p", {}, "Law 62D: trick 12 replayed with " + seatName(ruling.law_62D.player) +
        " following suit: declarer " + tricksText(ruling.law_62D.declarer_tricks) + "."));
      parts.push(el("ul", { class: "alternatives" }, Object.keys(alt).map((card) =>
        el("li", {}, cardNode(card), " → " + alt[card]))));
    }
    const table = eq && eq.estimates ? eq.estimates.table : null;
    if (table && table.departures && table.departures.length) {
      parts.push(el("p", {}, "Table play kept: where its most likely line departs from the table's play:"));
      parts.push(el("ul", { class: "differences" }, table.departures.map((d) => el("li", {}, d))));
    }
    if (!parts.length) return null;
    return el("section", { class: "block" }, el("h3", {}, "Without the revoke"), parts);
  }

  /** A board as an error names it: its number, else its place in the input (`position`). */
  function boardName(item, none) {
    if (item.board !== null && item.board !== undefined) return String(item.board);
    return item.position ? item.position + " of the input" : none;
  }

  function errorNode(errors, title) {
    const list = Array.isArray(errors) ? errors : [];
    return el("section", { class: "error-box", role: "alert" },
      el("h3", {}, title),
      list.length ? el("table", { class: "errors" },
        el("thead", {}, el("tr", {}, ["Board", "Line", "Trick", "Seat", "Card", "Problem"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, list.map((e) => el("tr", {},
          el("td", {}, boardName(e, "—")),
          el("td", {}, e.line === null || e.line === undefined ? "—" : String(e.line)),
          el("td", {}, e.trick === null || e.trick === undefined ? "—" : String(e.trick)),
          el("td", {}, e.seat ? seatName(e.seat) : "—"),
          el("td", {}, e.card ? cardNode(e.card) : "—"),
          el("td", {}, e.reason || e.message || ""))))) : null);
  }

  // ------------------------------------------------------------------ actions

  const $ = (id) => document.getElementById(id);

  function setStatus(text, kind) {
    const status = $("status");
    clear(status);
    status.className = "status" + (kind ? " " + kind : "");
    if (text) status.appendChild(document.createTextNode(text));
  }

  /** For a file of several boards: one line per board, linking to its sheet. */
  function summaryNode(items) {
    return el("section", { class: "panel summary no-print" },
      el("h2", {}, items.length + " boards"),
      el("table", { class: "recent" },
        el("thead", {}, el("tr", {}, ["Board", "Contract", "Revokes", "Ruling", "Declarer's tricks", "Score"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, items.map((item, index) => {
          const board = boardName(item, "?");
          const link = el("a", { href: "#sheet-" + index, onclick: (event) => {
            event.preventDefault();
            const target = document.getElementById("sheet-" + index);
            if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
          } }, board);
          if (item.error) {
            return el("tr", { class: "error-row" }, el("td", { class: "num" }, link),
              el("td", { colspan: 5 }, "could not be ruled: " + (item.error.reason || item.error.message || "")));
          }
          const rec = item.recommendation || {};
          return el("tr", {}, el("td", { class: "num" }, link),
            el("td", {}, contractNode(item.contract), " ", item.declarer || ""),
            el("td", { class: "num" }, String((item.revokes || []).length)),
            el("td", {}, lawNode(recommendationLabel(rec))),
            el("td", { class: "num" }, String(rec.declarer_tricks)),
            el("td", { class: "num" }, scoreText(rec.score_ns)));
        }))));
  }

  function showResults(items) {
    const results = $("results");
    clear(results);
    if (items.length > 1) results.appendChild(summaryNode(items));
    for (const [index, item] of items.entries()) {
      const before = results.childElementCount;
      if (item && item.error) {
        results.appendChild(errorNode([item.error], "Board " + boardName(item, "?") + " could not be ruled"));
      } else {
        results.appendChild(renderSheet(item));
      }
      if (results.childElementCount > before) results.lastElementChild.id = "sheet-" + index;
    }
  }

  // ------------------------------------------------------------------ a ruling as a job

  /** The job's progress in #status: the stage, a bar, the elapsed time and a Cancel button. */
  function showJob(state, onCancel, statusId) {
    const status = $(statusId);
    let box = $("job-progress");
    if (!box) {
      clear(status);
      status.className = "status busy";
      box = el("div", { id: "job-progress", class: "job-progress" },
        el("span", { id: "job-stage", class: "job-stage" }),
        el("progress", { id: "job-bar", max: "1", value: "0" }),
        el("span", { id: "job-elapsed", class: "job-elapsed" }),
        el("button", { type: "button", id: "job-cancel", class: "secondary", onclick: onCancel }, "Cancel"));
      status.appendChild(box);
    }
    const stage = state.stage || {};
    const board = state.boards > 1 ? "Board " + Math.max(state.board, 1) + " of " + state.boards + ": " : "";
    $("job-stage").textContent = board + (stage.text || stage.stage || "starting");
    $("job-bar").value = state.fraction || 0;
    $("job-elapsed").textContent = (state.elapsed || 0).toFixed(1) + " s";
  }

  /** POST the ruling as a job and follow it; resolves to {status, data} as the synchronous form
   *  answers, or null when cancelled. */
  async function ruleAsJob(url, options, statusId) {
    statusId = statusId || "status";
    const response = await apiFetch(url + "&job=true", options);
    if (response.status !== 202) {
      let data = null;
      try { data = await response.json(); } catch (e) { data = { detail: "the server sent no JSON (HTTP " + response.status + ")" }; }
      return { status: response.status, ok: response.ok, data };
    }
    const job = await response.json();
    let cancelled = false;
    const cancel = async () => {
      cancelled = true;
      $("job-cancel").disabled = true;
      await apiFetch(job.progress_url, { method: "DELETE" });
    };
    const old = $("job-progress");
    if (old) old.remove();
    showJob({ stage: { text: "sent; waiting for a worker" }, fraction: 0, elapsed: 0 }, cancel, statusId);
    for (;;) {
      const polled = await apiFetch(job.progress_url, { cache: "no-store" });
      let state = null;
      try { state = await polled.json(); } catch (e) { state = null; }
      if (!polled.ok || !state || !state.state) {
        // the job is gone (the service restarted, or it expired): stop following it
        const gone = $("job-progress");
        if (gone) gone.remove();
        const why = (state && state.detail) || "HTTP " + polled.status;
        return { status: polled.status || 500, ok: false,
                 data: { detail: "the service no longer knows this ruling job (" + why +
                         "; was it restarted?); press Rule again" } };
      }
      if (state.state === "done") return { status: state.status, ok: state.status < 400, data: state.result };
      if (state.state === "cancelled" || cancelled) return null;
      showJob(state, cancel, statusId);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The form's auction controls as query parameters: the director's `shown`, ignoring the
   *  auction, and asking whether it moved the likely result (docs/auction.md). */
  function auctionParams(params) {
    const shown = $("shown") ? $("shown").value.trim() : "";
    if (shown) params.set("shown", shown);
    if ($("ignore-auction") && $("ignore-auction").checked) params.set("ignore_auction", "true");
    if ($("auction-effect") && $("auction-effect").checked) params.set("auction_effect", "true");
  }

  async function submit(event) {
    event.preventDefault();
    const text = $("case-text").value;
    if (!text.trim()) {
      setStatus("Paste a board first (PBN, LIN, a handviewer link or a JSON case), or open a file.", "error");
      return;
    }
    const params = new URLSearchParams({ include_case: "true" });
    if ($("laws").value) params.set("laws", $("laws").value);
    if ($("noticed").value) params.set("noticed", $("noticed").value);
    if ($("estimate") && $("estimate").value) params.set("estimate", $("estimate").value);
    alsoParam(params, $("estimate") ? $("estimate").value : "", $("also"));
    if ($("players") && $("players").value && estimateHasPlayers()) params.set("players", $("players").value);
    if ($("board").value) params.set("board", $("board").value);
    if ($("also-players") && $("also-players").checked && estimateHasPlayers()) {
      params.set("also_players", "expert,strong,club");
    }
    auctionParams(params);
    const button = $("submit");
    button.disabled = true;
    setStatus("Ruling… (the single-dummy analysis can take several seconds)", "busy");
    clear($("results"));
    const started = performance.now();
    try {
      const answer = await ruleAsJob(API + "/rulings?" + params.toString(), {
        method: "POST",
        headers: { "Content-Type": "text/plain; charset=utf-8", Accept: "application/json" },
        body: text,
      });
      if (answer === null) {
        setStatus("Cancelled: no ruling was given (nothing was logged).", "error");
        return;
      }
      const response = { ok: answer.ok, status: answer.status };
      const data = answer.data;
      if (!response.ok) {
        const detail = (data && data.detail) || "HTTP " + response.status;
        setStatus("Could not rule: see the error below.", "error");
        const box = errorNode(data && data.errors, "Could not rule: " + detail);
        box.setAttribute("tabindex", "-1");
        $("results").appendChild(box);
        box.scrollIntoView({ behavior: "smooth", block: "start" });
        box.focus({ preventScroll: true });
        return;
      }
      const items = Array.isArray(data) ? data : [data];
      const ruled = items.filter((i) => !i.error).length;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      setStatus(ruled + (ruled === 1 ? " board ruled" : " boards ruled") +
        (items.length > ruled ? ", " + (items.length - ruled) + " could not be ruled (see below)" : "") + " in " + seconds + " s.", "ok");
      const unfinished = items.filter((i) => i.unfinished);
      if (unfinished.length) {
        $("status").appendChild(el("div", { class: "unfinished" }, "Note: " + unfinished[0].unfinished.message + "."));
      }
      showResults(items);
      if (items.length === 1 && items[0].id) history.replaceState(null, "", "#ruling=" + encodeURIComponent(items[0].id));
      loadRecent();
      loadHealth();
      const first = $("results").firstElementChild;
      if (first) first.scrollIntoView({ behavior: "smooth", block: "start" });
    } catch (error) {
      setStatus("The service could not be reached: " + error.message, "error");
    } finally {
      button.disabled = false;
    }
  }

  async function showStored(id) {
    try {
      const response = await apiFetch(API + "/rulings/" + encodeURIComponent(id) + "?include_case=true");
      const data = await response.json();
      if (!response.ok) {
        setStatus(data.detail || "no such ruling", "error");
        return;
      }
      setStatus("Stored ruling " + id + ".", "ok");
      showResults([data]);
    } catch (error) {
      setStatus("The service could not be reached: " + error.message, "error");
    }
  }

  async function loadRecent() {
    const box = $("recent");
    try {
      const response = await apiFetch(API + "/rulings?limit=10");
      const data = await response.json();
      clear(box);
      if (!data.items || !data.items.length) {
        box.appendChild(el("p", { class: "muted" }, "No rulings yet."));
        return;
      }
      box.appendChild(el("table", { class: "recent" },
        el("thead", {}, el("tr", {}, ["When", "Board", "Contract", "Laws", "Ruling", "Score", ""].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, data.items.map((r) => el("tr", {},
          el("td", {}, new Date(r.created).toLocaleString()),
          el("td", { class: "num" }, r.board === null ? "—" : String(r.board)),
          el("td", {}, contractNode(r.contract), " ", r.declarer || ""),
          el("td", {}, r.laws),
          el("td", {}, r.recommendation && r.recommendation.law ? lawNode(recommendationLabel(r.recommendation)) : ""),
          el("td", { class: "num" }, r.recommendation ? scoreText(r.recommendation.score_ns) : ""),
          el("td", {}, el("a", { href: "#ruling=" + encodeURIComponent(r.id) }, "open")))))),
        el("p", { class: "muted" }, data.total + " rulings in the log."));
    } catch (error) {
      clear(box);
      box.appendChild(el("p", { class: "muted" }, "The ruling log could not be read."));
    }
  }

  async function loadHealth() {
    const node = $("health");
    try {
      const response = await apiFetch(API + "/health");
      const data = await response.json();
      node.textContent = (data.status === "ok" ? "● ready" : "● " + data.status) + " · " +
        data.workers.alive + "/" + data.workers.configured + " solvers";
      node.className = "health " + data.status;
      $("version").textContent = "revoke-equity " + data.version;
    } catch (error) {
      node.textContent = "● service unreachable";
      node.className = "health down";
    }
  }

  /** The sheet's URL for a logged ruling, with the event, session, table and pairs of the page. */
  function sheetUrl(id) {
    const params = new URLSearchParams();
    const fields = { event: "sheet-event", session: "sheet-session", table: "sheet-table", ns_pair: "sheet-ns", ew_pair: "sheet-ew" };
    for (const [name, input] of Object.entries(fields)) {
      const value = $(input) ? $(input).value.trim() : "";
      if (value) params.set(name, value);
    }
    const query = params.toString();
    return API + "/rulings/" + encodeURIComponent(id) + "/sheet" + (query ? "?" + query : "");
  }

  /** Print the service's ruling sheet (the `--format html` sheet) from a frame of this page. */
  async function printSheet(id) {
    if (!id) return;
    const response = await apiFetch(sheetUrl(id));
    if (!response.ok) {
      let detail = "HTTP " + response.status;
      try { detail = (await response.json()).detail || detail; } catch (e) { /* not JSON */ }
      window.alert("The ruling sheet could not be had: " + detail);
      return;
    }
    const html = await response.text();
    let frame = $("sheet-frame");
    if (frame) frame.remove();
    frame = el("iframe", { id: "sheet-frame", class: "sheet-frame", title: "Ruling sheet", "aria-hidden": "true" });
    frame.addEventListener("load", () => {
      frame.dataset.loaded = "true";
      frame.contentWindow.focus();
      frame.contentWindow.print();
    }, { once: true });
    frame.srcdoc = html;  // the server's escaped sheet: no script, its one style allowed by hash
    document.body.appendChild(frame);
  }

  function routeHash() {
    const m = /^#ruling=([0-9a-fA-F-]{8,64})$/.exec(location.hash);
    if (m) showStored(m[1]);
  }

  // What the entry form (entry.js) uses of this page: DOM helpers and the results area.
  window.RevokeEquityPage = {
    apiFetch: apiFetch,
    ruleAsJob: ruleAsJob,
    alsoParam: alsoParam,
    el: el,
    clear: clear,
    cardNode: cardNode,
    showResults: showResults,
    showErrors: (errors, title) => {
      clear($("results"));
      $("results").appendChild(errorNode(errors, title));
    },
    refresh: () => {
      loadRecent();
      loadHealth();
    },
  };

  document.addEventListener("DOMContentLoaded", () => {
    tokenFromLink();
    $("case-form").addEventListener("submit", submit);
    if ($("estimate")) {
      $("estimate").addEventListener("change", syncPlayerControls);
      if ($("also")) $("also").addEventListener("change", syncPlayerControls);
      syncPlayerControls();
    }
    $("case-file").addEventListener("change", (event) => {
      const file = event.target.files && event.target.files[0];
      if (!file) return;
      if (file.size > 1024 * 1024) {
        setStatus("That file is larger than 1 MiB; split it into smaller files.", "error");
        return;
      }
      const reader = new FileReader();
      reader.onload = () => {
        $("case-text").value = String(reader.result);
        setStatus("Read " + file.name + ". Press Rule.", null);
      };
      reader.readAsText(file);
    });
    $("load-example").addEventListener("click", async () => {
      const response = await fetch("/static/example.pbn");
      $("case-text").value = await response.text();
      setStatus("Example loaded: board 1, a revoke at trick 4. Press Rule.", null);
    });
    $("clear").addEventListener("click", () => {
      $("case-text").value = "";
      clear($("results"));
      setStatus("", null);
      history.replaceState(null, "", location.pathname);
    });
    window.addEventListener("hashchange", routeHash);
    loadHealth();
    loadRecent();
    routeHash();
  });
})();
