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
  window.location.assign(body.dataset.base + "?" + params.toString());
}

function bindScrubber() {
  const scrub = document.getElementById("scrub");
  if (scrub) scrub.addEventListener("change", () => go(Number(scrub.value)));
}

async function refresh() {
  // at the newest move: the page is fetched again and its main part swapped in
  const answer = await fetch(window.location.href, { cache: "no-store", credentials: "same-origin" });
  if (!answer.ok) return;
  const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
  const main = fresh.getElementById("main");
  if (!main) return;
  document.getElementById("main").replaceWith(main);
  for (const key of ["version", "step", "steps", "latest"]) document.body.dataset[key] = fresh.body.dataset[key];
  localTimes(main);
  bindScrubber();
}

function listen() {
  const url = document.body.dataset.events;
  if (!url || !window.EventSource) return;
  const source = new EventSource(url);
  source.addEventListener("version", (event) => {
    const version = Number(event.data);
    if (version <= Number(document.body.dataset.version)) return;
    if (document.body.dataset.latest === "1") {
      refresh();
    } else {
      const newer = document.getElementById("newer");
      if (newer) newer.hidden = false;
    }
  });
}

document.addEventListener("keydown", (event) => {
  if (event.target && /INPUT|TEXTAREA|SELECT/.test(event.target.tagName)) return;
  const step = Number(document.body.dataset.step);
  if (event.key === "ArrowLeft") go(step - 1);
  if (event.key === "ArrowRight") go(step + 1);
});

document.addEventListener("DOMContentLoaded", () => {
  localTimes(document);
  bindScrubber();
  listen();
});
