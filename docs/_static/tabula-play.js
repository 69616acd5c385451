/* Tabula: step through a replay, try a roll on a board figure.
 *
 * Both are written into the page hidden (docs/_ext/tabula/interactive.py) and shown here:
 * without this script, in print and in the books the page reads as it always did. Every
 * state and every answer was computed by the engine when the site was built; this script
 * only shows them. Nothing is fetched: the drawings are images and a figure's answers a
 * data script added to the page when the reader asks for them, so a page read from a
 * folder (file://) works too. The words come from window.tabulaWords (the site's
 * catalogue, in the page's language).
 */
(function () {
  "use strict";

  var WORDS = window.tabulaWords || {};
  var SVG = "http://www.w3.org/2000/svg";
  var serial = 0;

  function say(key, values) {
    var text = WORDS[key] || key;
    return text.replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function side(colour) {
    return say(colour === "w" ? "white" : "black");
  }

  /* ---- replays ------------------------------------------------------------------------- */

  function Replay(section) {
    this.section = section;
    this.data = JSON.parse(section.getAttribute("data-tabula-replay"));
    this.steps = Array.prototype.slice.call(section.querySelectorAll("li.tabula-replay-step"));
    this.index = 0;
    this.build();
  }

  Replay.prototype.build = function () {
    var self = this;
    var list = this.section.querySelector("ol.tabula-replay-steps");
    this.image = element("img", { class: "tabula-replay-board", alt: "", decoding: "async" });
    var stage = element("div", { class: "tabula-replay-stage" });
    stage.appendChild(this.image);
    var nav = element("div", { class: "tabula-replay-nav", role: "group" });
    nav.setAttribute("aria-label", this.section.getAttribute("aria-label") || "");
    this.previous = element("button", { type: "button", class: "tabula-replay-previous" });
    this.previous.appendChild(element("span", { "aria-hidden": "true" }, "\u2190 "));
    this.previous.appendChild(document.createTextNode(say("previous")));
    this.next = element("button", { type: "button", class: "tabula-replay-next" });
    this.next.appendChild(document.createTextNode(say("next")));
    this.next.appendChild(element("span", { "aria-hidden": "true" }, " \u2192"));
    this.counter = element("span", { class: "tabula-replay-counter" });
    nav.appendChild(this.previous);
    nav.appendChild(this.counter);
    nav.appendChild(this.next);
    this.live = element("p", { class: "tabula-visually-hidden", "aria-live": "polite" });
    this.section.insertBefore(stage, list);
    this.section.insertBefore(nav, list);
    this.section.appendChild(this.live);
    this.previous.addEventListener("click", function () { self.go(self.index - 1, true); });
    this.next.addEventListener("click", function () { self.go(self.index + 1, true); });
    this.section.addEventListener("keydown", function (event) {
      if (event.target.tagName === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return;
      var to = { ArrowLeft: self.index - 1, ArrowRight: self.index + 1, Home: 0,
                 End: self.steps.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      self.go(to, true);
    });
    this.section.setAttribute("tabindex", "-1");
    this.section.removeAttribute("hidden");
    this.near = false;
    this.go(this.fromAddress(), false);
    /* a replay further down the page loads its drawing when the reader comes near it (the
       image has no address until then: a page waiting for its images is not kept waiting) */
    if ("IntersectionObserver" in window) {
      var watch = new IntersectionObserver(function (seen) {
        if (!seen.some(function (entry) { return entry.isIntersecting; })) return;
        watch.disconnect();
        self.load();
      }, { rootMargin: "600px 0px" });
      watch.observe(this.section);
    } else {
      this.load();
    }
  };

  Replay.prototype.load = function () {
    this.near = true;
    var wanted = this.data.images[this.index];
    if (this.image.getAttribute("src") !== wanted) this.image.src = wanted;
  };

  Replay.prototype.fromAddress = function () {
    var wanted = decodeURIComponent(location.hash.slice(1));
    for (var i = 0; i < this.steps.length; i++) {
      if (this.steps[i].id === wanted) return i;
    }
    return 0;
  };

  Replay.prototype.go = function (index, byReader) {
    if (index < 0 || index >= this.steps.length) return;
    this.index = index;
    var self = this;
    this.steps.forEach(function (step, i) {
      if (i === index) step.removeAttribute("hidden");
      else step.setAttribute("hidden", "hidden");
    });
    if (byReader || this.near) this.load();
    this.image.alt = this.data.alts[index] || "";
    /* once the reader steps, the next drawing is fetched ahead, so the step shows at once */
    if (byReader && index + 1 < this.data.images.length) new Image().src = this.data.images[index + 1];
    var counted = say("step", { n: index + 1, count: this.steps.length });
    this.counter.textContent = counted;
    this.previous.disabled = index === 0;
    this.next.disabled = index === this.steps.length - 1;
    if (byReader) {
      var computed = this.steps[index].querySelector(".tabula-replay-computed");
      this.live.textContent = counted + ". " + (computed ? computed.textContent : "");
      if (history.replaceState) history.replaceState(null, "", "#" + this.steps[index].id);
      if (document.activeElement === document.body) self.section.focus();
    }
  };

  Replay.prototype.show = function (id) {
    for (var i = 0; i < this.steps.length; i++) {
      if (this.steps[i].id === id) {
        this.go(i, false);
        this.reveal();
        return true;
      }
    }
    return false;
  };

  /* a step opened by its address: the page opens at the replay (the browser would scroll
     to the step's words, below the board), and again once the drawing has its height */
  Replay.prototype.reveal = function () {
    var section = this.section;
    this.load();
    section.scrollIntoView();
    var again = function () { section.scrollIntoView(); };
    if (document.readyState !== "complete") window.addEventListener("load", again, { once: true });
    if (!this.image.complete) this.image.addEventListener("load", again, { once: true });
  };

  /* ---- try a roll ------------------------------------------------------------------------ */

  var loading = {};

  function load(source, key, done) {
    var registry = window.tabulaData || {};
    if (registry[key]) { done(registry[key]); return; }
    if (!loading[key]) {
      loading[key] = [];
      var script = element("script", { src: source });
      script.onload = function () {
        var found = (window.tabulaData || {})[key];
        loading[key].forEach(function (callback) { callback(found || null); });
        delete loading[key];
      };
      script.onerror = function () {
        loading[key].forEach(function (callback) { callback(null); });
        delete loading[key];
      };
      document.head.appendChild(script);
    }
    loading[key].push(done);
  }

  function Trial(holder) {
    this.holder = holder;
    this.info = JSON.parse(holder.getAttribute("data-tabula-try"));
    this.figure = holder.closest("figure") || holder.parentNode;
    this.image = this.figure.querySelector("img");
    this.answers = null;
    this.build();
  }

  Trial.prototype.build = function () {
    var self = this;
    var id = "tabula-try-" + (++serial);
    this.toggle = element("button", { type: "button", class: "tabula-try-open",
                                      "aria-expanded": "false", "aria-controls": id },
                          say("try"));
    this.panel = element("div", { class: "tabula-try-panel", id: id, hidden: "hidden" });
    var label = element("label", { class: "tabula-try-label" });
    label.appendChild(document.createTextNode(say("throw") + " "));
    this.select = element("select", { class: "tabula-try-roll" });
    label.appendChild(this.select);
    this.summary = element("p", { class: "tabula-try-summary", "aria-live": "polite" });
    this.scores = element("div", { class: "tabula-try-scores" });
    this.plays = element("ul", { class: "tabula-try-plays" });
    this.panel.appendChild(label);
    this.panel.appendChild(this.summary);
    this.panel.appendChild(this.scores);
    this.panel.appendChild(this.plays);
    this.holder.appendChild(this.toggle);
    this.holder.appendChild(this.panel);
    this.toggle.addEventListener("click", function () {
      if (self.toggle.getAttribute("aria-expanded") === "true") self.close();
      else self.open();
    });
    this.select.addEventListener("change", function () { self.show(self.select.value); });
    this.holder.removeAttribute("hidden");
  };

  Trial.prototype.open = function () {
    var self = this;
    this.toggle.setAttribute("aria-expanded", "true");
    this.toggle.textContent = say("close");
    this.panel.removeAttribute("hidden");
    this.summary.textContent = say("loading");
    load(this.info.data, this.info.key, function (answers) {
      if (!answers) { self.summary.textContent = say("failed"); return; }
      self.answers = answers;
      self.stage();
      self.fill();
    });
  };

  Trial.prototype.close = function () {
    this.toggle.setAttribute("aria-expanded", "false");
    this.toggle.textContent = say("try");
    this.panel.setAttribute("hidden", "hidden");
    if (this.overlay) {
      this.overlay.parentNode.removeChild(this.overlay);
      this.overlay = null;
      this.image.src = this.original;
    }
  };

  /* the bare board (no dice, no arrows) under an SVG of the same size for the arrows */
  Trial.prototype.stage = function () {
    if (this.overlay) return;
    var answers = this.answers;
    var wrap = this.image.parentNode;
    if (!wrap.classList || !wrap.classList.contains("tabula-try-stage")) {
      wrap = element("span", { class: "tabula-try-stage" });
      this.image.parentNode.insertBefore(wrap, this.image);
      wrap.appendChild(this.image);
    }
    this.original = this.image.getAttribute("src");
    this.image.src = this.info.bare;
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "tabula-try-arrows");
    svg.setAttribute("viewBox", "0 0 " + answers.width + " " + answers.height);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    this.marker = "tabula-head-" + (++serial);
    var defs = document.createElementNS(SVG, "defs");
    svg.appendChild(defs);
    this.defs = defs;
    this.heads = {};
    wrap.appendChild(svg);
    this.overlay = svg;
  };

  Trial.prototype.head = function (colour, hollow) {
    var key = colour + (hollow ? "-open" : "");
    if (this.heads[key]) return this.heads[key];
    var id = this.marker + "-" + Object.keys(this.heads).length;
    var marker = document.createElementNS(SVG, "marker");
    marker.setAttribute("id", id);
    marker.setAttribute("viewBox", "0 0 10 10");
    marker.setAttribute("refX", "8");
    marker.setAttribute("refY", "5");
    marker.setAttribute("markerWidth", "4");
    marker.setAttribute("markerHeight", "4");
    marker.setAttribute("orient", "auto-start-reverse");
    var tip = document.createElementNS(SVG, "path");
    tip.setAttribute("d", "M0 0L10 5L0 10z");
    tip.setAttribute("fill", hollow ? "#ffffff" : colour);
    tip.setAttribute("stroke", colour);
    tip.setAttribute("stroke-width", "1.5");
    marker.appendChild(tip);
    this.defs.appendChild(marker);
    this.heads[key] = "url(#" + id + ")";
    return this.heads[key];
  };

  Trial.prototype.fill = function () {
    var answers = this.answers;
    var own = this.info.own;
    this.select.textContent = "";
    var chosen = own || answers.rolls[0].roll;
    answers.rolls.forEach(function (throwN) {
      var label = throwN.roll === own ? say("own", { roll: throwN.roll }) : throwN.roll;
      var option = element("option", { value: throwN.roll }, label);
      if (throwN.roll === chosen) option.selected = true;
      this.select.appendChild(option);
    }, this);
    this.select.value = chosen;
    this.show(chosen);
  };

  Trial.prototype.clear = function () {
    var svg = this.overlay;
    Array.prototype.slice.call(svg.querySelectorAll("g")).forEach(function (g) {
      svg.removeChild(g);
    });
  };

  Trial.prototype.draw = function (indices, layer) {
    var svg = this.overlay;
    var group = document.createElementNS(SVG, "g");
    group.setAttribute("class", layer);
    indices.forEach(function (index) {
      var arrow = this.answers.arrows[index];
      var faux = arrow.kind === "faux";
      var halo = document.createElementNS(SVG, "path");
      halo.setAttribute("d", arrow.d);
      halo.setAttribute("class", "tabula-try-halo");
      group.appendChild(halo);
      var path = document.createElementNS(SVG, "path");
      path.setAttribute("d", arrow.d);
      path.setAttribute("stroke", arrow.colour);
      path.setAttribute("class", "tabula-try-arrow" + (faux ? " tabula-try-faux" : ""));
      path.setAttribute("marker-end", this.head(arrow.colour, faux));
      group.appendChild(path);
      if (arrow.mark) {
        var mark = document.createElementNS(SVG, "circle");
        mark.setAttribute("cx", arrow.mark[0]);
        mark.setAttribute("cy", arrow.mark[1]);
        mark.setAttribute("r", "0.2");
        mark.setAttribute("stroke", arrow.colour);
        mark.setAttribute("class", "tabula-try-mark tabula-try-" + arrow.kind);
        group.appendChild(mark);
      }
      if (arrow.label) {
        var numbers = arrow.d.match(/-?\d+(?:\.\d+)?/g).map(Number);
        var n = numbers.length;
        var x = 0.25 * numbers[n - 6] + 0.5 * numbers[n - 4] + 0.25 * numbers[n - 2];
        var y = 0.25 * numbers[n - 5] + 0.5 * numbers[n - 3] + 0.25 * numbers[n - 1];
        var text = document.createElementNS(SVG, "text");
        text.setAttribute("x", x);
        text.setAttribute("y", y);
        text.setAttribute("fill", arrow.colour);
        text.setAttribute("class", "tabula-try-label-die");
        text.textContent = arrow.label;
        group.appendChild(text);
      }
    }, this);
    svg.appendChild(group);
  };

  function join(items) {
    return items.reduce(function (first, next) { return say("join", { first: first, next: next }); });
  }

  function events(list, mover) {
    return list.map(function (event) {
      var what = say("event:" + event.kind) + (event.at ? " (" + event.at + ")" : "");
      return say("event", { what: what, points: event.points,
                            side: side(event.to === "mover" ? mover : (mover === "w" ? "b" : "w")) });
    });
  }

  function marks(found) {
    return say("marks", {
      white: say("mark", { side: say("white"), points: found.w[0], holes: found.w[1] }),
      black: say("mark", { side: say("black"), points: found.b[0], holes: found.b[1] })
    });
  }

  Trial.prototype.show = function (roll) {
    var self = this;
    var answers = this.answers;
    var mover = answers.mover;
    var found = answers.rolls.filter(function (t) { return t.roll === roll; })[0];
    this.clear();
    this.plays.textContent = "";
    this.scores.textContent = "";
    if (!found) return;
    var plays = found.plays || [];
    var none = plays.length === 1 && plays[0].play === "(no move)";
    var parts = [say("toPlay", { side: side(mover), roll: roll })];
    if (found.error) parts.push(found.error);
    else if (none) parts.push(say("none", { side: side(mover), roll: roll }));
    else parts.push(say("count", { count: plays.length }));
    this.summary.textContent = parts.join(" ");
    if (answers.scores && found.events) {
      var scored = events(found.events, mover);
      /* the numbers as data too: what the engine gave, for a reader's tools and the tests */
      this.scores.appendChild(element("p", { "data-gains": found.gains.mover + "," + found.gains.opponent },
        scored.length ? say("scores") + " " + join(scored) + "." : say("nothing")));
      if (found.hits && found.hits.length) {
        this.scores.appendChild(element("p", { class: "tabula-try-note" }, say("hits")));
        this.draw(found.hits, "tabula-try-hits");
      }
    }
    var notes = plays.map(function (play) { return this.notes(play); }, this);
    var same = notes.every(function (note) { return note === notes[0]; });
    if (same && notes[0]) this.scores.appendChild(element("p", { class: "tabula-try-common" }, notes[0]));
    this.plays.className = "tabula-try-plays" + (same ? " tabula-try-compact" : "");
    plays.forEach(function (play, index) {
      var item = element("li", {});
      var button = element("button", { type: "button", class: "tabula-try-play",
                                       "aria-pressed": "false", "data-play": play.play },
                           play.play);
      /* the points as the figure names them (letters, cases), beside the notation */
      if (play.named) button.appendChild(element("span", { class: "tabula-try-named" },
                                                 " (" + play.named + ")"));
      button.addEventListener("click", function () { self.pick(index, button); });
      item.appendChild(button);
      if (!same && notes[index]) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(element("span", { class: "tabula-try-what" }, notes[index]));
      }
      this.plays.appendChild(item);
    }, this);
    this.found = found;
  };

  /* what a play leads to: the end of the game, what it adds to the throw's score, the marks */
  Trial.prototype.notes = function (play) {
    var answers = this.answers;
    var mover = answers.mover;
    var notes = [];
    if (play.outcome) {
      notes.push(say("ends", { side: side(play.outcome.winner), label: play.outcome.label,
                               points: play.outcome.points }));
    }
    if (answers.scores && play.events && play.events.length) {
      notes.push(say("realises", { list: join(events(play.events, mover)) }));
    }
    if (answers.scores && play.marks !== undefined) notes.push(marks(answers.marks[play.marks]));
    if (play.may_leave) notes.push(say("mayLeave", { side: side(mover) }));
    var drawn = play.play === "(no move)" ? 0 : play.play.split(" ").length;
    if (answers.moves !== false && play.arrows.length < drawn) notes.push(say("offBoard"));
    return notes.join(" ");
  };

  Trial.prototype.pick = function (index, button) {
    Array.prototype.slice.call(this.plays.querySelectorAll("button")).forEach(function (b) {
      b.setAttribute("aria-pressed", b === button ? "true" : "false");
    });
    var svg = this.overlay;
    Array.prototype.slice.call(svg.querySelectorAll("g.tabula-try-play-arrows")).forEach(function (g) {
      svg.removeChild(g);
    });
    this.draw(this.found.plays[index].arrows, "tabula-try-play-arrows");
  };

  /* ---- start ------------------------------------------------------------------------------ */

  function start() {
    var replays = Array.prototype.slice.call(document.querySelectorAll("section.tabula-replay"))
      .map(function (section) { return new Replay(section); });
    Array.prototype.slice.call(document.querySelectorAll("div.tabula-try"))
      .forEach(function (holder) { new Trial(holder); });
    window.addEventListener("hashchange", function () {
      var id = decodeURIComponent(location.hash.slice(1));
      replays.some(function (replay) { return replay.show(id); });
    });
    var id = decodeURIComponent(location.hash.slice(1));
    if (id) replays.some(function (replay) { return replay.show(id); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
