// revoke-equity: enter a board at the table. A hand record (PBN of deals) or a typed deal, the
// contract, the play by clicking cards trick by trick or by typing each player's quitted cards,
// and the facts a director asks about; the board is saved as a JSON case or PBN and ruled by the
// service. Plain JavaScript, no libraries; data reaches the page as text, never as markup.
"use strict";

(function () {
  const SEATS = ["N", "E", "S", "W"];
  const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
  const SUITS = ["S", "H", "D", "C"];
  const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const RANKS = "AKQJT98765432";
  const VUL_CYCLE = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
    "EW", "All", "None", "NS", "All", "None", "NS", "EW"];
  const REQUIREMENT_KINDS = {
    lead: "lead a suit", "no-lead": "not lead a suit", highest: "play the highest card of the suit led",
    lowest: "play the lowest card of the suit led", suit: "play a card of a suit",
  };

  const page = window.RevokeEquityPage;
  const el = page.el;
  const clear = page.clear;
  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------------ cards, seats, deals

  const next = (seat, n) => SEATS[(SEATS.indexOf(seat) + (n === undefined ? 1 : n)) % 4];
  const sideOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
  const rankValue = (card) => 14 - RANKS.indexOf(card[1]);
  const bySuitAndRank = (a, b) => SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) || RANKS.indexOf(a[1]) - RANKS.indexOf(b[1]);

  function dealerOf(board) {
    return SEATS[(board - 1) % 4];
  }

  function vulnerabilityOf(board) {
    return VUL_CYCLE[(board - 1) % 16];
  }

  /** "sa", "S10", "♠A", "10S" -> "ST"-style card, or null. */
  function parseCard(text) {
    let t = text.trim().toUpperCase().replace("10", "T");
    for (const [suit, symbol] of Object.entries(SUIT_SYMBOLS)) t = t.replace(symbol, suit);
    t = t.replace("♤", "S").replace("♡", "H").replace("♢", "D").replace("♧", "C");
    if (/^[SHDC][AKQJT2-9]$/.test(t)) return t;
    if (/^[AKQJT2-9][SHDC]$/.test(t)) return t[1] + t[0];
    return null;
  }

  /** "AKQ2.KQ2.A32.AK2" -> cards; throws an Error naming what is wrong. */
  function parseHand(text, seat) {
    const clean = text.trim().toUpperCase().replace(/10/g, "T");
    const parts = clean.split(".");
    if (parts.length !== 4) {
      throw new Error(SEAT_NAMES[seat] + ": write the hand as spades.hearts.diamonds.clubs (four groups separated by dots), not “" + text.trim() + "”");
    }
    const cards = [];
    parts.forEach((part, index) => {
      const suit = SUITS[index];
      for (const rank of part.replace(/[\s-]/g, "")) {
        if (RANKS.indexOf(rank) < 0) throw new Error(SEAT_NAMES[seat] + ": “" + rank + "” is not a rank (in " + SUIT_NAMES[suit] + ")");
        const card = suit + rank;
        if (cards.indexOf(card) >= 0) throw new Error(SEAT_NAMES[seat] + ": " + card + " is written twice");
        cards.push(card);
      }
    });
    return cards;
  }

  function handText(cards) {
    return SUITS.map((suit) => cards.filter((c) => c[0] === suit).sort(bySuitAndRank).map((c) => c[1]).join("")).join(".");
  }

  /** The four hands of a PBN deal string "N:h h h h" as {seat: "S.H.D.C"}; null if not one. */
  function splitDeal(text) {
    const m = /^\s*([NESW])\s*:\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(text);
    if (!m) return null;
    const hands = {};
    for (let i = 0; i < 4; i += 1) hands[next(m[1].toUpperCase(), i)] = m[i + 2];
    return hands;
  }

  /** {seat: [cards]} from the four hand boxes; throws with the first problem. */
  function readDeal() {
    const hands = {};
    const holder = {};
    for (const seat of SEATS) {
      const text = $("hand-" + seat).value;
      if (!text.trim()) throw new Error("Give " + SEAT_NAMES[seat] + "'s hand (or open a hand record).");
      hands[seat] = parseHand(text, seat);
      if (hands[seat].length !== 13) throw new Error(SEAT_NAMES[seat] + " has " + hands[seat].length + " cards, not 13.");
      for (const card of hands[seat]) {
        if (holder[card]) throw new Error(card + " is in both " + SEAT_NAMES[holder[card]] + "'s and " + SEAT_NAMES[seat] + "'s hands.");
        holder[card] = seat;
      }
    }
    return hands;
  }

  function dealString(hands) {
    return "N:" + SEATS.map((seat) => handText(hands[seat])).join(" ");
  }

  // ------------------------------------------------------------------ the hand record (PBN)

  /** The boards of a hand-record PBN: [{board, deal, vulnerable, dealer}], deals only needed. */
  function parseHandRecord(text) {
    const games = [];
    let game = null;
    let previous = {};
    const finish = () => {
      if (game && game.Deal) games.push(game);
      if (game) previous = game;
      game = null;
    };
    for (const line of text.split(/\r?\n/)) {
      if (!line.trim()) {
        finish();
        continue;
      }
      if (line.startsWith("%")) continue;
      const re = /\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/g;
      let m;
      while ((m = re.exec(line)) !== null) {
        const name = m[1];
        let value = m[2].replace(/\\(.)/g, "$1");
        if (game && Object.prototype.hasOwnProperty.call(game, name)) finish();
        if (!game) game = {};
        if (value === "#" && previous[name] !== undefined) value = previous[name];
        game[name] = value;
      }
    }
    finish();
    return games.map((g, index) => {
      const number = parseInt(g.Board, 10);
      const vul = { Love: "None", "-": "None", Both: "All", None: "None", NS: "NS", EW: "EW", All: "All" }[(g.Vulnerable || "").trim()];
      const dealer = /^[NESW]$/.test((g.Dealer || "").trim()) ? g.Dealer.trim() : null;
      const contract = /^[1-7](C|D|H|S|NT?)(X|XX)?$/i.test((g.Contract || "").trim()) ? g.Contract.trim().toUpperCase().replace("NT", "N") : null;
      const declarer = /^[NESW]$/.test((g.Declarer || "").trim()) ? g.Declarer.trim() : null;
      return { board: number > 0 ? number : null, deal: g.Deal, vulnerable: vul || null, dealer: dealer, contract: contract, declarer: declarer, index: index };
    });
  }

  let handRecord = [];

  function openHandRecord(file) {
    const reader = new FileReader();
    reader.onload = () => {
      handRecord = parseHandRecord(String(reader.result));
      const select = $("hand-record-board");
      clear(select);
      if (!handRecord.length) {
        select.appendChild(el("option", { value: "" }, "no deal in this file"));
        select.disabled = true;
        setStatus(file.name + " holds no [Deal]: is it a hand record?", "error");
        return;
      }
      select.appendChild(el("option", { value: "" }, "choose a board (" + handRecord.length + ")"));
      handRecord.forEach((b, i) => select.appendChild(el("option", { value: String(i) }, b.board ? "Board " + b.board : "Deal " + (i + 1))));
      select.disabled = false;
      setStatus("Read " + file.name + ": " + handRecord.length + " boards. Choose the board.", null);
    };
    reader.readAsText(file);
  }

  function pickBoard(index) {
    const b = handRecord[index];
    if (!b) return;
    const hands = splitDeal(b.deal);
    if (!hands) {
      setStatus("Board " + (b.board || index + 1) + ": the deal “" + b.deal + "” is not a PBN deal.", "error");
      return;
    }
    for (const seat of SEATS) $("hand-" + seat).value = hands[seat];
    if (b.board) $("entry-board").value = String(b.board);
    $("entry-vul").value = b.vulnerable && b.board && b.vulnerable !== vulnerabilityOf(b.board) ? b.vulnerable : (b.board ? "" : (b.vulnerable || ""));
    recordDealer = b.dealer && !(b.board && b.dealer === dealerOf(b.board)) ? b.dealer : null;
    auction = [];
    alerted = new Set();
    if (b.contract && b.declarer) setContract(b.contract, b.declarer);
    dealChanged();
    setStatus("Board " + (b.board || index + 1) + " loaded. " + (b.contract && b.declarer ?
      "Contract " + b.contract + " by " + SEAT_NAMES[b.declarer] + " from the hand record: enter the play." :
      "Tap the auction (or set the contract and declarer), then enter the play."), null);
  }

  // ------------------------------------------------------------------ dealer, contract, auction

  let recordDealer = null;  // the hand record's Dealer when it is not the board number's
  let auction = [];         // the calls tapped, from the dealer (docs/auction.md)
  let alerted = new Set();  // the indexes in `auction` of the alerted calls

  function boardDealer() {
    const board = parseInt($("entry-board").value, 10);
    return recordDealer || (board >= 1 ? dealerOf(board) : "N");
  }

  function setContract(contract, declarer) {
    $("entry-level").value = contract[0];
    $("entry-strain").value = contract[1];
    $("entry-doubled").value = contract.slice(2);
    $("entry-declarer").value = declarer;
  }

  const STRAINS = ["C", "D", "H", "S", "N"];
  const callRank = (call) => (/^[1-7][CDHSN]$/.test(call) ? (parseInt(call[0], 10) - 1) * 5 + STRAINS.indexOf(call[1]) + 1 : 0);

  /** Whether the calls so far are a finished auction (four passes, or three after a bid). */
  function auctionEnded(calls) {
    if (calls.length === 4 && calls.every((c) => c === "P")) return true;
    return calls.length >= 4 && calls.some((c) => callRank(c)) && calls.slice(-3).every((c) => c === "P");
  }

  /** Which calls are legal next (Laws 18-19): higher bids, a double of an opponent's bid, a
   *  redouble of an opponent's double; none once the auction has ended. */
  function legalCalls(calls) {
    if (auctionEnded(calls)) return new Set();
    const legal = new Set(["P"]);
    let last = -1;
    for (let i = calls.length - 1; i >= 0; i -= 1) if (calls[i] !== "P") { last = i; break; }
    const lastBid = calls.slice().reverse().find((c) => callRank(c)) || null;
    const byOpponent = last >= 0 && (calls.length - last) % 2 === 1;
    for (let level = 1; level <= 7; level += 1) {
      for (const strain of STRAINS) {
        const bid = level + strain;
        if (!lastBid || callRank(bid) > callRank(lastBid)) legal.add(bid);
      }
    }
    if (last >= 0 && callRank(calls[last]) && byOpponent) legal.add("X");
    if (last >= 0 && calls[last] === "X" && byOpponent) legal.add("XX");
    return legal;
  }

  /** The contract and declarer a finished auction reached (Law 22A), or null (passed out). */
  function finalContract(calls, dealer) {
    let last = -1;
    for (let i = calls.length - 1; i >= 0; i -= 1) if (callRank(calls[i])) { last = i; break; }
    if (last < 0) return null;
    const bid = calls[last];
    const after = calls.slice(last + 1);
    const doubling = after.indexOf("XX") >= 0 ? "XX" : after.indexOf("X") >= 0 ? "X" : "";
    const side = sideOf(next(dealer, last));
    for (let i = 0; i < calls.length; i += 1) {
      if (callRank(calls[i]) && calls[i][1] === bid[1] && sideOf(next(dealer, i)) === side) {
        return { contract: bid + doubling, declarer: next(dealer, i) };
      }
    }
    return null;
  }

  const callText = (call) => (call === "P" ? "Pass" : call === "X" ? "X" : call === "XX" ? "XX" :
    call[0] + (call[1] === "N" ? "NT" : SUIT_SYMBOLS[call[1]]));

  /** Typed calls ("1S P 2S! P P P": Pass, X, XX, 1NT or 1N, `!` after an alerted call) as
   *  `{calls, alerted}`, or `{error}` naming the first call that is not legal where it stands. */
  function parseCalls(text, dealer) {
    const calls = [];
    const marks = new Set();
    const tokens = text.toUpperCase().split(/[\s,]+/).filter((t) => t);
    for (const token of tokens) {
      const bare = token.replace(/!+$/, "");
      const call = { PASS: "P", DBL: "X", D: "X", RDBL: "XX", R: "XX" }[bare] ||
        bare.replace(/^([1-7])NT$/, "$1N");
      const seat = next(dealer, calls.length);
      if (!legalCalls(calls).has(call)) {
        return { error: "Call " + (calls.length + 1) + " (" + SEAT_NAMES[seat] + "): “" + token + "” " +
          (auctionEnded(calls) ? "comes after the auction ended." : /^([1-7][CDHSN]|P|X|XX)$/.test(call) ?
            "is not a legal call there." : "is not a call (Pass, X, XX, or a bid such as 1H or 3NT).") };
      }
      if (token.endsWith("!")) marks.add(calls.length);
      calls.push(call);
    }
    return { calls, alerted: marks };
  }

  /** The typed calls replace the auction (an illegal one is refused, naming it). */
  function useTypedCalls() {
    const parsed = parseCalls($("auction-typed").value, boardDealer());
    if (parsed.error) {
      setStatus(parsed.error, "error");
      return;
    }
    auction = [];
    alerted = parsed.alerted;
    for (const call of parsed.calls.slice(0, -1)) auction.push(call);
    if (parsed.calls.length) {
      tapCall(parsed.calls[parsed.calls.length - 1]);
    } else {
      drawAuction();
    }
  }

  function tapCall(call) {
    auction.push(call);
    if (auctionEnded(auction)) {
      const reached = finalContract(auction, boardDealer());
      if (reached) {
        setContract(reached.contract, reached.declarer);
        setStatus("The auction reached " + reached.contract + " by " + SEAT_NAMES[reached.declarer] + ": enter the play.", "ok");
      } else {
        setStatus("Passed out: there is no play to rule on.", "error");
      }
      dealChanged();
    }
    drawAuction();
  }

  function drawAuction() {
    const box = $("auction-box");
    if (!box) return;
    clear(box);
    const dealer = boardDealer();
    const order = ["W", "N", "E", "S"];
    const rows = [];
    let row = order.map(() => "");
    let col = order.indexOf(dealer);
    for (const [index, call] of auction.entries()) {
      row[col] = callText(call) + (alerted.has(index) ? "!" : "");
      col += 1;
      if (col === 4) {
        rows.push(row);
        row = order.map(() => "");
        col = 0;
      }
    }
    const turn = auctionEnded(auction) ? null : next(dealer, auction.length);
    if (row.some((x) => x) || rows.length === 0 || turn) rows.push(row);
    box.appendChild(el("table", { class: "auction-table", id: "auction-table" },
      el("thead", {}, el("tr", {}, order.map((seat) => el("th", { scope: "col", class: seat === turn ? "to-call" : "" }, SEAT_NAMES[seat])))),
      el("tbody", {}, rows.map((r) => el("tr", {}, r.map((text) => el("td", {}, text)))))));
    const legal = legalCalls(auction);
    const grid = el("div", { class: "call-grid", id: "call-grid" });
    for (let level = 1; level <= 7; level += 1) {
      grid.appendChild(el("div", { class: "call-row" }, STRAINS.map((strain) => {
        const bid = level + strain;
        return el("button", { type: "button", class: "call-button suit-" + strain, "data-call": bid, disabled: !legal.has(bid),
          onclick: () => tapCall(bid) }, callText(bid));
      })));
    }
    grid.appendChild(el("div", { class: "call-row" }, ["P", "X", "XX"].map((call) =>
      el("button", { type: "button", class: "call-button call-" + call, "data-call": call, disabled: !legal.has(call),
        onclick: () => tapCall(call) }, callText(call))),
      el("button", { type: "button", class: "secondary", id: "auction-undo", disabled: !auction.length,
        onclick: () => { auction.pop(); alerted.delete(auction.length); drawAuction(); } }, "Undo call"),
      el("button", { type: "button", class: "secondary", id: "auction-alert", disabled: !auction.length,
        "aria-pressed": String(alerted.has(auction.length - 1)),
        onclick: () => {
          const last = auction.length - 1;
          if (alerted.has(last)) alerted.delete(last); else alerted.add(last);
          drawAuction();
        } }, "Alert the last call")));
    box.appendChild(grid);
    box.appendChild(el("div", { class: "form-row" },
      el("label", { class: "field" }, "Or type the calls (! after an alerted one)",
        el("input", { type: "text", id: "auction-typed", autocomplete: "off", spellcheck: "false",
          autocapitalize: "characters", placeholder: "1S P 2S! P P P",
          value: auction.map((c, i) => c + (alerted.has(i) ? "!" : "")).join(" ") })),
      el("button", { type: "button", class: "secondary", id: "auction-use-typed", onclick: useTypedCalls },
        "Use these calls")));
    $("auction-status").textContent = turn ? SEAT_NAMES[turn] + " to call (dealer " + SEAT_NAMES[dealer] + ")." :
      "Auction over" + (finalContract(auction, dealer) ? ": " + finalContract(auction, dealer).contract + " by " + SEAT_NAMES[finalContract(auction, dealer).declarer] + "." : ", passed out.");
  }

  // ------------------------------------------------------------------ the play

  let play = [];
  let autoTimer = null;
  let autoHeld = -1;  // the play's length at which an undo stopped a forced card playing itself
  const AUTO_DELAY = 700;  // ms: a forced card is shown, then plays itself

  function contractStrain() {
    return $("entry-strain").value || null;
  }

  /** Replay ``cards`` on ``hands``: the tricks (cards with seat and a revoke mark, leader, winner),
   *  the seat to play next, and the first card that its player could not have played. */
  function replay(hands, declarer, strain, cards) {
    const left = {};
    for (const seat of SEATS) left[seat] = hands[seat].slice();
    const trump = strain && strain !== "N" ? strain : null;
    const tricks = [];
    let leader = next(declarer);
    let trick = null;
    for (let i = 0; i < cards.length; i += 1) {
      if (!trick) trick = { number: tricks.length + 1, leader: leader, cards: [], winner: null };
      const seat = next(leader, trick.cards.length);
      const card = cards[i];
      if (left[seat].indexOf(card) < 0) {
        return { tricks: tricks, trick: trick, toPlay: seat, bad: { index: i, seat: seat, card: card, trick: trick.number } };
      }
      const led = trick.cards.length ? trick.cards[0].card[0] : null;
      const revoke = led !== null && card[0] !== led && left[seat].some((c) => c[0] === led);
      left[seat].splice(left[seat].indexOf(card), 1);
      trick.cards.push({ seat: seat, card: card, revoke: revoke });
      if (trick.cards.length === 4) {
        trick.winner = winnerOf(trick.cards, trump);
        tricks.push(trick);
        leader = trick.winner;
        trick = null;
      }
    }
    const toPlay = trick ? next(trick.leader, trick.cards.length) : (tricks.length < 13 ? leader : null);
    return { tricks: tricks, trick: trick, toPlay: toPlay, left: left, bad: null };
  }

  function winnerOf(cards, trump) {
    const led = cards[0].card[0];
    let best = cards[0];
    for (const c of cards.slice(1)) {
      const suit = c.card[0];
      const bestSuit = best.card[0];
      if (suit === bestSuit && rankValue(c.card) > rankValue(best.card)) best = c;
      else if (suit === trump && bestSuit !== trump) best = c;
      else if (suit === led && bestSuit !== trump && bestSuit !== led) best = c;
    }
    return best.seat;
  }

  function tricksWon(tricks, side) {
    return tricks.filter((t) => sideOf(t.winner) === side).length;
  }

  /** The deal, declarer and strain when all are set, else null (the play cannot be entered yet). */
  function setting() {
    let hands;
    try {
      hands = readDeal();
    } catch (error) {
      return { error: error.message };
    }
    const declarer = $("entry-declarer").value;
    const strain = contractStrain();
    if (!declarer || !strain) return { error: "Set the contract and declarer to enter the play.", hands: hands };
    return { hands: hands, declarer: declarer, strain: strain };
  }

  /** Keep only the part of the play that is still possible after a change of deal or contract. */
  function revalidatePlay() {
    const s = setting();
    if (s.error || !play.length) return;
    const r = replay(s.hands, s.declarer, s.strain, play);
    if (r.bad) {
      const kept = play.slice(0, r.bad.index);
      setStatus("The play was cut before trick " + r.bad.trick + ": " + SEAT_NAMES[r.bad.seat] + " cannot play " + r.bad.card + " there any more.", "error");
      play = kept;
    }
  }

  function playCard(card) {
    cancelAuto();
    play.push(card);
    setStatus("", null);
    drawPlay();
  }

  function cancelAuto() {
    if (autoTimer !== null) clearTimeout(autoTimer);
    autoTimer = null;
  }

  /** The one card the player to play can play (a singleton in the suit led, or his last card),
   *  else null. A revoke is still entered by tapping another card before it plays itself. */
  function forcedCard(r) {
    if (!r.toPlay) return null;
    const hand = r.left[r.toPlay];
    if (hand.length === 1) return hand[0];
    const led = r.trick ? r.trick.cards[0].card[0] : null;
    if (!led) return null;
    const follow = hand.filter((c) => c[0] === led);
    return follow.length === 1 ? follow[0] : null;
  }

  /** The rest of the trick: each player who can follow plays his lowest card of the suit led
   *  (stopping at a player who cannot follow: his discard is the director's to tap). */
  function followLowCards() {
    const s = setting();
    if (s.error) return [];
    const cards = [];
    for (;;) {
      const r = replay(s.hands, s.declarer, s.strain, play.concat(cards));
      if (!r.trick || !r.toPlay) break;
      const led = r.trick.cards[0].card[0];
      const follow = r.left[r.toPlay].filter((c) => c[0] === led).sort(bySuitAndRank);
      if (!follow.length) break;
      cards.push(follow[follow.length - 1]);
    }
    return cards;
  }

  function followLow() {
    cancelAuto();
    play = play.concat(followLowCards());
    drawPlay();
  }

  /** A claim now: after the tricks complete so far (the claim's fields open, its number focused). */
  function claimNow() {
    $("claim-made").checked = true;
    $("claim-fields").hidden = false;
    drawClaimFacts(setting());
    $("claim-tricks").focus();
    $("claim-tricks").select();
    $("step-facts").scrollIntoView({ block: "start" });
  }

  function drawPlay() {
    const s = setting();
    const table = $("entry-table");
    clear(table);
    const status = $("play-status");
    drawTricks(s);
    drawClaimFacts(s);
    if (s.error) {
      status.textContent = s.error;
      return;
    }
    const r = replay(s.hands, s.declarer, s.strain, play);
    const dummy = next(s.declarer, 2);
    const current = r.trick;
    const led = current ? current.cards[0].card[0] : null;
    cancelAuto();
    const forced = $("entry-auto") && $("entry-auto").checked && autoHeld !== play.length ? forcedCard(r) : null;
    if (forced) {
      const length = play.length;
      autoTimer = setTimeout(() => {
        autoTimer = null;
        if (play.length === length) playCard(forced);
      }, AUTO_DELAY);
    }
    $("entry-follow").disabled = !current;
    $("entry-claim").disabled = !!current || !r.toPlay;
    $("entry-claim").textContent = "Claim after trick " + r.tricks.length;
    if (r.toPlay) {
      status.textContent = "Trick " + (r.tricks.length + 1) + ": " + SEAT_NAMES[r.toPlay] + (r.toPlay === dummy ? " (dummy)" : "") +
        (current ? " to play" : " to lead") + ". Tricks NS " + tricksWon(r.tricks, "NS") + ", EW " + tricksWon(r.tricks, "EW") + "." +
        (forced ? " " + (forced[1] === "T" ? "10" : forced[1]) + SUIT_SYMBOLS[forced[0]] + " is forced and plays itself (tap another card for a revoke; Undo takes it back)." : "");
    } else {
      status.textContent = "All 13 tricks played: NS " + tricksWon(r.tricks, "NS") + ", EW " + tricksWon(r.tricks, "EW") + ".";
    }
    for (const seat of SEATS) {
      const toPlay = seat === r.toPlay;
      const holdsLed = led !== null && r.left[seat].some((c) => c[0] === led);
      const role = seat === s.declarer ? "declarer" : seat === dummy ? "dummy" : "";
      const rows = SUITS.map((suit) => {
        const cards = r.left[seat].filter((c) => c[0] === suit).sort(bySuitAndRank);
        return el("div", { class: "entry-suit" },
          el("span", { class: "sym suit-" + suit, "aria-hidden": "true" }, SUIT_SYMBOLS[suit]),
          cards.length ? cards.map((card) => {
            const revoke = toPlay && holdsLed && card[0] !== led;
            return el("button", {
              type: "button", class: "card-button suit-" + suit + (revoke ? " would-revoke" : "") + (card === forced ? " forced" : ""),
              "data-card": card, "data-seat": seat, disabled: !toPlay,
              "aria-label": SEAT_NAMES[seat] + " plays " + (card[1] === "T" ? "10" : card[1]) + " of " + SUIT_NAMES[suit] + (revoke ? " (a revoke)" : ""),
              title: revoke ? "a revoke: " + SEAT_NAMES[seat] + " holds a card of the suit led" : null,
              onclick: () => playCard(card),
            }, card[1] === "T" ? "10" : card[1]);
          }) : el("span", { class: "void" }, "—"));
      });
      table.appendChild(el("div", { class: "entry-hand hand-" + seat + (toPlay ? " to-play" : ""), "data-seat": seat },
        el("div", { class: "hand-name" }, SEAT_NAMES[seat], role ? el("span", { class: "role" }, role) : null,
          toPlay ? el("span", { class: "turn" }, current ? "to play" : "to lead") : null),
        rows));
    }
    // The trick on the table (or the last one, faded, between tricks)
    const shown = current || (r.tricks.length ? r.tricks[r.tricks.length - 1] : null);
    const centre = el("div", { class: "entry-centre" + (current ? "" : " done") });
    centre.appendChild(el("div", { class: "centre-title" }, shown ? "Trick " + shown.number + (current ? "" : ", won by " + SEAT_NAMES[shown.winner]) : "Trick 1"));
    const ring = el("div", { class: "centre-ring" });
    for (const seat of SEATS) {
      const played = shown ? shown.cards.find((c) => c.seat === seat) : null;
      ring.appendChild(el("div", { class: "slot slot-" + seat + (played && played.revoke ? " revoke" : "") },
        el("span", { class: "slot-seat" }, seat), played ? page.cardNode(played.card) : "",
        played && played.revoke ? el("span", { class: "revoke-mark", title: "revoke" }, "R") : null));
    }
    centre.appendChild(ring);
    table.appendChild(centre);
  }

  function drawTricks(s) {
    const table = $("entry-tricks");
    clear(table);
    if (s.error || !play.length) return;
    const r = replay(s.hands, s.declarer, s.strain, play);
    const all = r.trick ? r.tricks.concat([r.trick]) : r.tricks;
    table.appendChild(el("caption", {}, "Tricks entered (led card underlined; R: revoke)"));
    table.appendChild(el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "num" }, "#"),
      SEATS.map((seat) => el("th", { scope: "col" }, seat)), el("th", { scope: "col" }, "Won by"))));
    table.appendChild(el("tbody", {}, all.map((t) => el("tr", { "data-trick": t.number },
      el("th", { scope: "row", class: "num" }, String(t.number)),
      SEATS.map((seat) => {
        const c = t.cards.find((x) => x.seat === seat);
        if (!c) return el("td", {}, "");
        return el("td", { class: (seat === t.leader ? "lead" : "") + (c.revoke ? " revoke" : ""), "data-seat": seat },
          page.cardNode(c.card), c.revoke ? el("span", { class: "revoke-mark", "aria-label": "revoke" }, "R") : null);
      }),
      el("td", {}, t.winner ? SEAT_NAMES[t.winner] : "…")))));
  }

  /** Each player's quitted cards, in order -> the play in play order (tricks from the leader and
   *  the winners). Throws an Error naming the trick, the seat and the card. */
  function deriveFromQuitted(s) {
    const rows = {};
    for (const seat of SEATS) {
      const tokens = $("quitted-" + seat).value.split(/[\s,;]+/).filter((t) => t);
      rows[seat] = tokens.map((token, index) => {
        const card = parseCard(token);
        if (!card) throw new Error(SEAT_NAMES[seat] + "'s card " + (index + 1) + ": “" + token + "” is not a card (write e.g. HK, S10, D3).");
        return card;
      });
      if (rows[seat].length > 13) throw new Error(SEAT_NAMES[seat] + " has " + rows[seat].length + " cards, more than 13.");
    }
    const trump = s.strain !== "N" ? s.strain : null;
    const out = [];
    let leader = next(s.declarer);
    const count = Math.max(...SEATS.map((seat) => rows[seat].length));
    for (let k = 0; k < count; k += 1) {
      const trick = [];
      for (let i = 0; i < 4; i += 1) {
        const seat = next(leader, i);
        const card = rows[seat][k];
        if (!card) {
          const later = [1, 2, 3].slice(i).map((j) => next(leader, j)).filter((x) => rows[x][k]);
          if (later.length || k + 1 < count) {
            throw new Error("Trick " + (k + 1) + ": " + SEAT_NAMES[seat] + " has no card " + (k + 1) + " although " +
              SEAT_NAMES[later[0] || SEATS.find((x) => rows[x].length > k + 1)] + " played on (" + SEAT_NAMES[leader] + " led).");
          }
          break;
        }
        trick.push({ seat: seat, card: card });
      }
      for (const c of trick) out.push(c.card);
      if (trick.length === 4) leader = winnerOf(trick, trump);
    }
    const r = replay(s.hands, s.declarer, s.strain, out);
    if (r.bad) {
      const where = r.bad.trick;
      const owner = SEATS.find((seat) => s.hands[seat].indexOf(r.bad.card) >= 0);
      const reason = owner !== r.bad.seat ? SEAT_NAMES[r.bad.seat] + " does not hold " + r.bad.card + " (" + SEAT_NAMES[owner] + " does)" :
        r.bad.card + " was already played";
      throw new Error("Trick " + where + ": " + reason + ".");
    }
    return out;
  }

  function fillQuitted(s) {
    if (s.error) return;
    const r = replay(s.hands, s.declarer, s.strain, play);
    const all = r.trick ? r.tricks.concat([r.trick]) : r.tricks;
    for (const seat of SEATS) {
      $("quitted-" + seat).value = all.map((t) => (t.cards.find((c) => c.seat === seat) || {}).card).filter((c) => c).join(" ");
    }
  }

  // ------------------------------------------------------------------ claim, penalty cards, requirements

  function drawClaimFacts(s) {
    const facts = $("claim-facts");
    if (!$("claim-made").checked || s.error) {
      facts.textContent = "";
      return;
    }
    const r = replay(s.hands, s.declarer, s.strain, play);
    const after = Math.floor(play.length / 4);
    const won = tricksWon(r.tricks, sideOf(s.declarer));
    const rest = 13 - after;
    const claimed = parseInt($("claim-tricks").value, 10) || 0;
    $("claim-tricks").max = String(rest);
    facts.textContent = "After trick " + after + ": " + rest + " tricks remain; declarer's side won " + won +
      " before the claim, " + (won + claimed) + " in all.";
  }

  function seatSelect(value, label) {
    return el("select", { "aria-label": label, class: "row-seat" },
      SEATS.map((seat) => el("option", { value: seat, selected: seat === value }, SEAT_NAMES[seat])));
  }

  function removeButton(row) {
    return el("button", { type: "button", class: "secondary remove", "aria-label": "remove", onclick: () => row.remove() }, "×");
  }

  function addPenalty(item) {
    const row = el("div", { class: "extra-row penalty-row" });
    row.appendChild(seatSelect(item ? item.player : "W", "player"));
    row.appendChild(el("input", { type: "text", class: "row-card", "aria-label": "card", placeholder: "card, e.g. SA", value: item ? item.card : "", autocapitalize: "characters" }));
    row.appendChild(el("label", { class: "inline" }, "from trick ", el("input", { type: "number", class: "row-trick", min: "1", max: "13", value: item ? item.from_trick : "1", inputmode: "numeric" })));
    row.appendChild(removeButton(row));
    $("penalty-rows").appendChild(row);
  }

  function addRequirement(item) {
    const row = el("div", { class: "extra-row requirement-row" });
    row.appendChild(el("label", { class: "inline" }, "trick ", el("input", { type: "number", class: "row-trick", min: "1", max: "13", value: item ? item.trick : "1", inputmode: "numeric" })));
    row.appendChild(seatSelect(item ? item.player : "W", "player"));
    row.appendChild(el("select", { class: "row-kind", "aria-label": "requirement" },
      Object.entries(REQUIREMENT_KINDS).map(([k, label]) => el("option", { value: k, selected: item && item.kind === k }, label))));
    row.appendChild(el("select", { class: "row-suit", "aria-label": "suit" },
      el("option", { value: "" }, "(no suit)"),
      SUITS.map((suit) => el("option", { value: suit, selected: item && item.suit === suit }, SUIT_SYMBOLS[suit] + " " + SUIT_NAMES[suit]))));
    row.appendChild(removeButton(row));
    $("requirement-rows").appendChild(row);
  }

  function addCorrected(item) {
    const row = el("div", { class: "extra-row corrected-row" });
    row.appendChild(el("label", { class: "inline" }, "trick ", el("input", { type: "number", class: "row-trick", min: "1", max: "13", value: item ? item.trick : "1", inputmode: "numeric" })));
    row.appendChild(seatSelect(item ? item.player : "E", "player"));
    row.appendChild(el("input", { type: "text", class: "row-card", "aria-label": "withdrawn card", placeholder: "withdrawn card", value: item ? item.card : "", autocapitalize: "characters" }));
    row.appendChild(removeButton(row));
    $("corrected-rows").appendChild(row);
  }

  function readRows(id, read) {
    return Array.from($(id).children).map(read);
  }

  function rowCard(row, what) {
    const text = row.querySelector(".row-card").value;
    const card = parseCard(text);
    if (!card) throw new Error(what + ": “" + text + "” is not a card (write e.g. SA, H10).");
    return card;
  }

  function rowTrick(row, what) {
    const value = parseInt(row.querySelector(".row-trick").value, 10);
    if (!(value >= 1 && value <= 13)) throw new Error(what + ": the trick must be 1 to 13.");
    return value;
  }

  // ------------------------------------------------------------------ the case

  /** The JSON case of the form (docs/case-format.md); throws an Error saying what is missing. */
  function buildCase() {
    const s = setting();
    if (s.error) throw new Error(s.error);
    const board = parseInt($("entry-board").value, 10);
    if (!(board >= 1)) throw new Error("Give the board number.");
    const level = $("entry-level").value;
    if (!level) throw new Error("Set the contract's level.");
    const r = replay(s.hands, s.declarer, s.strain, play);
    const claimed = $("claim-made").checked;
    if (!claimed && play.length < 52) {
      throw new Error("The play stops at trick " + (r.tricks.length + 1) + ": enter the rest, or tick “ended with a claim or concession”.");
    }
    if (claimed && play.length === 52) throw new Error("All 13 tricks were played: untick the claim.");
    const out = {
      board: board,
      laws: $("entry-laws").value,
      deal: dealString(s.hands),
      contract: level + s.strain + $("entry-doubled").value,
      declarer: s.declarer,
      vulnerable: $("entry-vul").value || vulnerabilityOf(board),
      play: play.slice(),
    };
    if (auction.length) {
      out.auction = auction.slice();
      if (alerted.size) out.alerted = Array.from(alerted).sort((a, b) => a - b);
      if (boardDealer() !== dealerOf(board)) out.dealer = boardDealer();
    }
    if (claimed) {
      const after = Math.floor(play.length / 4);
      const tricks = parseInt($("claim-tricks").value, 10);
      if (!(tricks >= 0 && tricks <= 13 - after)) throw new Error("Claim: declarer's side can get 0 to " + (13 - after) + " of the remaining tricks.");
      out.claim = { after_trick: after, declarer_tricks: tricks };
      const by = $("claim-by").value;
      if (by && by !== s.declarer) out.claim.by = by;
      if (!$("claim-agreed").checked) out.claim.agreed = false;
    }
    out.noticed = $("entry-noticed").value;
    const corrected = readRows("corrected-rows", (row) => ({
      trick: rowTrick(row, "Corrected revoke"), player: row.querySelector(".row-seat").value, card: rowCard(row, "Corrected revoke") }));
    if (corrected.length) out.corrected = corrected;
    const penalties = readRows("penalty-rows", (row) => ({
      player: row.querySelector(".row-seat").value, card: rowCard(row, "Penalty card"), from_trick: rowTrick(row, "Penalty card") }));
    if (penalties.length) out.penalty_cards = penalties;
    const requirements = readRows("requirement-rows", (row) => {
      const item = { trick: rowTrick(row, "Requirement"), player: row.querySelector(".row-seat").value, kind: row.querySelector(".row-kind").value };
      const suit = row.querySelector(".row-suit").value;
      if (["lead", "no-lead", "suit"].indexOf(item.kind) >= 0) {
        if (!suit) throw new Error("Requirement at trick " + item.trick + ": choose the suit.");
        item.suit = suit;
      }
      return item;
    });
    if (requirements.length) out.requirements = requirements;
    return out;
  }

  /** The case as PBN 2.1, as revoke-equity writes it (io/pbn.py): the play in seat columns from the
   *  opening leader, a claim as "*" with Result = declarer's total tricks. */
  function casePbn(c) {
    const hands = readDeal();
    const dealer = c.dealer || dealerOf(c.board);
    const tag = (name, value) => "[" + name + " \"" + String(value).replace(/\\/g, "\\\\").replace(/"/g, "\\\"") + "\"]";
    const strain = c.contract[1];
    const r = replay(hands, c.declarer, strain, c.play);
    const won = tricksWon(r.tricks, sideOf(c.declarer));
    const lines = ["% PBN 2.1", "", tag("Board", c.board), tag("Dealer", dealer), tag("Vulnerable", c.vulnerable),
      tag("Deal", dealer + ":" + [0, 1, 2, 3].map((i) => handText(hands[next(dealer, i)])).join(" ")),
      tag("Declarer", c.declarer), tag("Contract", c.contract), tag("Result", won + (c.claim ? c.claim.declarer_tricks : 0)),
      tag("Laws", c.laws)];
    if (c.noticed !== "end-of-play") lines.push(tag("Noticed", c.noticed));
    if (c.corrected) lines.push(tag("Corrected", c.corrected.map((x) => x.trick + " " + x.player + " " + x.card).join(", ")));
    if (c.penalty_cards) lines.push(tag("PenaltyCards", c.penalty_cards.map((x) => x.player + " " + x.card + " " + x.from_trick).join(", ")));
    if (c.requirements) lines.push(tag("Requirements", c.requirements.map((x) => [x.trick, x.player, x.kind].concat(x.suit ? [x.suit] : []).join(" ")).join(", ")));
    if (c.claim && c.claim.by) lines.push(tag("Claim", c.claim.by));
    if (c.claim && c.claim.agreed === false) lines.push(tag("ClaimAgreed", "no"));
    if (c.auction) {
      lines.push(tag("Auction", dealer));
      const marked = c.auction.map((call, i) => call + ((c.alerted || []).includes(i) ? "!" : ""));
      for (let i = 0; i < marked.length; i += 4) lines.push(marked.slice(i, i + 4).join(" "));
    }
    const first = next(c.declarer);
    lines.push(tag("Play", first));
    const all = r.trick ? r.tricks.concat([r.trick]) : r.tricks;
    for (const t of all) {
      lines.push([0, 1, 2, 3].map((i) => (t.cards.find((x) => x.seat === next(first, i)) || { card: "-" }).card).join(" "));
    }
    if (c.claim) lines.push("*");
    return lines.join("\n") + "\n";
  }

  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type: type }));
    const link = el("a", { href: url, download: name, class: "visually-hidden" }, name);
    document.body.appendChild(link);
    link.click();
    setTimeout(() => {
      link.remove();
      URL.revokeObjectURL(url);
    }, 1000);
  }

  function fileName(c, ext) {
    return "board-" + c.board + "-" + c.contract + c.declarer + "." + ext;
  }

  // ------------------------------------------------------------------ status, ruling

  function setStatus(text, kind) {
    const status = $("entry-status");
    status.className = "status" + (kind ? " " + kind : "");
    status.textContent = text || "";
  }

  function withCase(action) {
    try {
      const c = buildCase();
      action(c);
      return c;
    } catch (error) {
      setStatus(error.message, "error");
      return null;
    }
  }

  async function rule(event) {
    event.preventDefault();
    const c = withCase(() => {});
    if (!c) return;
    const button = $("entry-rule");
    button.disabled = true;
    setStatus("Ruling… (the single-dummy analysis can take several seconds)", "busy");
    const params = new URLSearchParams({ include_case: "true" });
    if ($("entry-estimate")) {
      params.set("estimate", $("entry-estimate").value);
      page.alsoParam(params, $("entry-estimate").value, $("entry-also"));
    }
    if ($("entry-players")) params.set("players", $("entry-players").value);
    try {
      const answer = await page.ruleAsJob("/api/v1/rulings?" + params.toString(), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(c),
      }, "entry-status");
      if (answer === null) {
        setStatus("Cancelled: no ruling was given (nothing was logged).", "error");
        return;
      }
      const response = { ok: answer.ok, status: answer.status };
      const data = answer.data;
      if (!response.ok) {
        setStatus("Could not rule: " + (data.detail || "HTTP " + response.status), "error");
        page.showErrors(data.errors, "Could not rule: " + (data.detail || "HTTP " + response.status));
        return;
      }
      setStatus("Board " + c.board + " ruled.", "ok");
      page.showResults([data]);
      if (data.id) history.replaceState(null, "", "#ruling=" + encodeURIComponent(data.id));
      page.refresh();
      const first = $("results").firstElementChild;
      if (first) first.scrollIntoView({ behavior: "smooth", block: "start" });
    } catch (error) {
      setStatus("The service could not be reached: " + error.message, "error");
    } finally {
      button.disabled = false;
    }
  }

  // ------------------------------------------------------------------ wiring

  function boardFacts() {
    const board = parseInt($("entry-board").value, 10);
    const facts = $("entry-board-facts");
    if (!(board >= 1)) {
      facts.textContent = "";
      return;
    }
    const vul = $("entry-vul").value || vulnerabilityOf(board);
    facts.textContent = "Board " + board + ": dealer " + SEAT_NAMES[dealerOf(board)] + ", vulnerable: " +
      (vul === "None" ? "none" : vul === "All" ? "both" : vul) + ($("entry-vul").value ? " (as given)" : " (from the board number)");
    $("entry-vul").options[0].textContent = "from the board number (" + vulnerabilityOf(board) + ")";
  }

  function dealChanged() {
    boardFacts();
    revalidatePlay();
    drawAuction();
    drawPlay();
  }

  function selectTab(tabs, chosen) {
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      $(tab.getAttribute("aria-controls")).hidden = !on;
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    const modeTabs = [$("tab-entry"), $("tab-paste")];
    for (const tab of modeTabs) tab.addEventListener("click", () => selectTab(modeTabs, tab));
    const playTabs = [$("tab-click"), $("tab-typed")];
    $("tab-click").addEventListener("click", () => {
      selectTab(playTabs, $("tab-click"));
      drawPlay();
    });
    $("tab-typed").addEventListener("click", () => {
      selectTab(playTabs, $("tab-typed"));
      fillQuitted(setting());
    });

    $("hand-record").addEventListener("change", (event) => {
      const file = event.target.files && event.target.files[0];
      if (file) openHandRecord(file);
    });
    $("hand-record-board").addEventListener("change", (event) => pickBoard(parseInt(event.target.value, 10)));
    for (const seat of SEATS) {
      // A whole PBN deal pasted or typed into one box fills the four.
      $("hand-" + seat).addEventListener("change", (event) => {
        const hands = splitDeal(event.target.value);
        if (hands) for (const s of SEATS) $("hand-" + s).value = hands[s];
        dealChanged();
      });
    }
    for (const id of ["entry-board", "entry-vul"]) $(id).addEventListener("input", boardFacts);
    for (const id of ["entry-strain", "entry-declarer", "entry-level"]) $(id).addEventListener("change", dealChanged);
    $("entry-undo").addEventListener("click", () => {
      cancelAuto();
      play.pop();
      autoHeld = play.length;  // a forced card taken back does not play itself again at once
      drawPlay();
    });
    $("entry-follow").addEventListener("click", followLow);
    $("entry-claim").addEventListener("click", claimNow);
    $("entry-auto").addEventListener("change", drawPlay);
    $("entry-board").addEventListener("input", () => {
      recordDealer = null;
      drawAuction();
    });
    $("entry-restart").addEventListener("click", () => {
      if (play.length && !window.confirm("Remove all " + play.length + " cards entered?")) return;
      play = [];
      autoHeld = -1;
      drawPlay();
    });
    $("derive-tricks").addEventListener("click", () => {
      const s = setting();
      if (s.error) {
        setStatus(s.error, "error");
        return;
      }
      try {
        play = deriveFromQuitted(s);
      } catch (error) {
        setStatus(error.message, "error");
        return;
      }
      const r = replay(s.hands, s.declarer, s.strain, play);
      setStatus(r.tricks.length + " tricks made from the quitted cards" + (r.trick ? " and " + r.trick.cards.length + " cards of trick " + r.trick.number : "") + ".", "ok");
      drawPlay();
    });
    $("claim-made").addEventListener("change", () => {
      $("claim-fields").hidden = !$("claim-made").checked;
      drawClaimFacts(setting());
    });
    $("claim-tricks").addEventListener("input", () => drawClaimFacts(setting()));
    $("add-penalty").addEventListener("click", () => addPenalty(null));
    $("add-requirement").addEventListener("click", () => addRequirement(null));
    $("add-corrected").addEventListener("click", () => addCorrected(null));
    $("save-json").addEventListener("click", () => withCase((c) => {
      download(fileName(c, "json"), "application/json", JSON.stringify(c, null, 2) + "\n");
      setStatus("Saved " + fileName(c, "json") + ".", "ok");
    }));
    $("save-pbn").addEventListener("click", () => withCase((c) => {
      download(fileName(c, "pbn"), "application/x-pbn", casePbn(c));
      setStatus("Saved " + fileName(c, "pbn") + ".", "ok");
    }));
    $("entry-form").addEventListener("submit", rule);
    boardFacts();
    drawAuction();
    drawPlay();
  });

  // For tests and scripts: the case the form holds now, as JSON and as PBN.
  window.RevokeEquityEntry = {
    caseJson: () => buildCase(),
    played: () => play.length,
    followLowCards: () => followLowCards(),
    pending: () => autoTimer !== null,
    casePbn: () => casePbn(buildCase()),
  };
})();
