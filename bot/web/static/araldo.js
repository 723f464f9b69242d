// Araldo's game page: local times, the history scrubber and live updates. Plain JavaScript, no
// framework; the page works without it (links and a form), this only makes it quicker.
"use strict";

function localTimes(root) {
  const lang = document.body.dataset.lang || "it";
  for (const el of root.querySelectorAll("time[datetime]")) {
    const when = new Date(el.getAttribute("datetime"));
    if (isNaN(when)) continue;
    const style = el.dataset.style || "f";
    const opts = style === "t" ? { timeStyle: "short" }
      : style === "d" || style === "D" ? { dateStyle: "long" }
      : { dateStyle: style === "F" ? "full" : "medium", timeStyle: "short" };
    el.textContent = when.toLocaleString(lang === "en" ? "en-GB" : "it-IT", opts);
    el.title = when.toISOString();
  }
}

function go(step) {
  const body = document.body;
  const steps = Number(body.dataset.steps);
  const n = Math.max(0, Math.min(steps, step));
  const params = new URLSearchParams({ lang: body.dataset.lang });
  if (n !== steps) params.set("n", String(n));
  show(body.dataset.base + "?" + params.toString(), true);
}

function bindBoard(zoomed) {
  // a tap on the board (not on one of its places) shows it at full size in its frame, to pan; another
  // fits it again (without the script the link opens the picture itself); the Zoom button does the same
  const figure = document.getElementById("board-figure");
  const link = figure ? figure.querySelector("a") : null;
  if (!link) return;
  if (zoomed) figure.classList.add("zoomed");
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    figure.classList.toggle("zoomed");
  });
  const button = document.getElementById("board-zoom");
  if (button) {
    button.hidden = false;
    button.addEventListener("click", () => figure.classList.toggle("zoomed"));
  }
}

function boardZoomed() {
  const figure = document.getElementById("board-figure");
  return !!figure && figure.classList.contains("zoomed");
}

function bindScrubber() {
  const scrub = document.getElementById("scrub");
  if (scrub) scrub.addEventListener("change", () => go(Number(scrub.value)));
}

let fetching = 0;  // pages being fetched to swap in (a step, a refresh, a move's answer)
let told = 0;  // the newest version the live stream told
let followed = 0;  // the newest told version a refresh was asked for (once each)

async function fetched(url, options) {
  // a page asked for while the live stream is heard: a version it tells meanwhile is followed once
  // the page is in (see follow), not by a second fetch racing this one
  fetching += 1;
  try {
    const answer = await fetch(url, { cache: "no-store", credentials: "same-origin", ...options });
    return { answer, text: await answer.text() };
  } finally {
    fetching -= 1;
  }
}

async function show(url, push) {
  // another step of the history (or the newest, after a move): the page is fetched and its header
  // and main part swapped in, without reloading the page or its live stream
  let got;
  try {
    got = await fetched(url, {});
  } catch (error) {
    window.location.assign(url);
    return;
  }
  if (!got.answer.ok && got.answer.status !== 409) {  // 409: a step that cannot be drawn, a page that says why
    window.location.assign(url);
    return;
  }
  const fresh = new DOMParser().parseFromString(got.text, "text/html");
  if (!swapIn(fresh)) return;
  if (push) window.history.pushState(null, "", url);
  follow();
}

function swapIn(fresh) {
  // the header and main part of a fetched page in place of ours (the live stream stays open)
  const main = fresh.getElementById("main");
  const header = fresh.querySelector("header");
  if (!main || !header) return false;
  const zoomed = boardZoomed();
  document.getElementById("main").replaceWith(main);
  document.querySelector("header").replaceWith(header);
  for (const key of ["version", "step", "steps", "latest"]) document.body.dataset[key] = fresh.body.dataset[key];
  localTimes(document);
  bindScrubber();
  bindBoard(zoomed);
  return true;
}

function staleMoves() {
  // the game moved on: this page's moves were drawn for an older version, none may be sent now
  for (const button of document.querySelectorAll("form.move button")) button.disabled = true;
}

async function sendMove(form, submitter) {
  // a move from the page: posted as the form would be, and the page that answers (the newest one,
  // or the same with the reason it was refused) swapped in without a reload
  if (form.dataset.sending === "1") return;
  form.dataset.sending = "1";
  const body = new URLSearchParams(new FormData(form, submitter));
  let got;
  try {
    got = await fetched(form.action, { method: "POST", body });
  } catch (error) {
    form.dataset.sending = "";
    form.submit();
    return;
  }
  const fresh = new DOMParser().parseFromString(got.text, "text/html");
  if (!swapIn(fresh)) {
    window.location.assign(window.location.href);
    return;
  }
  follow();
}

function refresh() {
  return show(window.location.href, false);
}

function listen() {
  const url = document.body.dataset.events;
  if (!url || !window.EventSource) return;
  const source = new EventSource(url);
  source.addEventListener("version", (event) => {
    told = Math.max(told, Number(event.data));
    follow();
  });
}

function follow() {
  // the live stream told a newer version than the page shows: its moves are stale, and the newest
  // page is fetched (or, looking back in the history, offered); while a page is being fetched (the
  // answer to one's own move, which the stream tells first) this waits until it is in
  if (told <= Number(document.body.dataset.version)) return;
  staleMoves();
  if (fetching || told <= followed) return;
  if (document.body.dataset.latest === "1") {
    followed = told;
    refresh();
  } else {
    const newer = document.getElementById("newer");
    if (newer) newer.hidden = false;
  }
}

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("#scrubber a, #log a") : null;
  if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  show(link.href, true);
});

document.addEventListener("submit", (event) => {
  const form = event.target instanceof HTMLFormElement && event.target.classList.contains("move") ? event.target : null;
  if (!form || !window.fetch) return;
  event.preventDefault();
  sendMove(form, event.submitter);
});

window.addEventListener("popstate", () => show(window.location.href, false));

document.addEventListener("keydown", (event) => {
  if (event.target && /INPUT|TEXTAREA|SELECT/.test(event.target.tagName)) return;
  const step = Number(document.body.dataset.step);
  if (event.key === "ArrowLeft") go(step - 1);
  if (event.key === "ArrowRight") go(step + 1);
});

document.addEventListener("DOMContentLoaded", () => {
  localTimes(document);
  bindScrubber();
  bindBoard(false);
  listen();
});
