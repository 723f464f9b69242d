// Araldo's board as the panel: a click (or Enter) on a place of the board, or on a row that names one,
// highlights it and shows only the move forms that involve it (`<form class="move" data-places="id ...">`,
// and the groups holding any of them); "Show all" shows every form again. A page without such forms (the
// public page) shows the place's name and what is on it. The places are drawn by the server for the step
// shown, so when the page's main part is swapped in (the scrubber, a live update, a move sent) the same
// place is chosen again if it is still there.
"use strict";

let chosenPlace = null;

function names(form, id) {
  // whether the form's places (ids, as the board's places are named) include this one
  return (form.dataset.places || "").split(/\s+/).includes(id);
}

function choosePlace(id) {
  const all = [...document.querySelectorAll("[data-place]")];
  const spots = id === null ? [] : all.filter((el) => el.dataset.place === id);
  if (!spots.length) id = null;
  chosenPlace = id;
  for (const el of all) el.classList.toggle("chosen", el.dataset.place === id);
  const forms = [...document.querySelectorAll("form.move")];
  const groups = new Map();
  let fits = 0;
  for (const form of forms) {
    const ok = id === null || names(form, id);
    form.classList.toggle("off-place", !ok);
    if (ok) fits += 1;
    const group = form.parentElement && form.parentElement.closest("details, fieldset");
    if (group) groups.set(group, (groups.get(group) || false) || ok);
  }
  for (const [group, any] of groups) group.classList.toggle("off-place", !any);
  const info = document.getElementById("place-info");
  if (!info) return;
  info.hidden = id === null;
  if (id === null) return;
  const label = spots[0].dataset.label || id;
  document.getElementById("place-name").textContent = forms.length ? "" : label;
  document.getElementById("place-moves").textContent = !forms.length ? ""
    : (fits ? info.dataset.moves : info.dataset.none).replace("{place}", label);
}

function toggle(spot) {
  choosePlace(chosenPlace === spot.dataset.place ? null : spot.dataset.place);
  // the moves are listed above the board: with only those naming the place left, the page is shorter
  // and a phone would be left looking at what lies below; the moves the click offers come into view
  const moves = document.getElementById("moves");
  if (moves && chosenPlace !== null) moves.scrollIntoView({ block: "nearest" });
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target && target.closest("#show-all")) {
    choosePlace(null);
    return;
  }
  const spot = target ? target.closest("[data-place]") : null;
  if (!spot || target.closest("a, button, input, select, textarea, label, form")) return;
  event.preventDefault();
  toggle(spot);
});

document.addEventListener("keydown", (event) => {
  const spot = event.target instanceof Element ? event.target.closest("[data-place]") : null;
  if (!spot || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  toggle(spot);
});

document.addEventListener("DOMContentLoaded", () => {
  // the page's script swaps a fetched page's main part in for ours: choose the same place in it
  new MutationObserver(() => {
    if (chosenPlace !== null) choosePlace(chosenPlace);
  }).observe(document.body, { childList: true });
});
