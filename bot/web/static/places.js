// Araldo's board as the panel: a click (or Enter) on a place of the board, or on a row that names one,
// highlights it and shows only the move forms that involve it (`<form class="move" data-places="id ...">`);
// "Show all" shows every form again. A page without such forms (the public page) shows the place's name
// and what is on it. The places are drawn by the server for the step shown, so after the scrubber or a
// live update swaps the page in, the same place is chosen again if it is still there.
"use strict";

let chosenPlace = null;

function words(text) {
  return (text || "").split(/\s+/).filter(Boolean);
}

function choosePlace(id) {
  const spots = id === null ? [] : [...document.querySelectorAll("[data-place]")].filter((el) => el.dataset.place === id);
  if (!spots.length) id = null;
  chosenPlace = id;
  const names = new Set(id === null ? [] : [id]);
  for (const el of document.querySelectorAll("[data-place]")) {
    el.classList.toggle("chosen", el.dataset.place === id);
    if (el.dataset.place === id) for (const alias of words(el.dataset.aliases)) names.add(alias);
  }
  const forms = [...document.querySelectorAll("form.move")];
  let fits = 0;
  for (const form of forms) {
    const ok = id === null || words(form.dataset.places).some((place) => names.has(place));
    form.classList.toggle("off-place", !ok);
    if (ok) fits += 1;
  }
  const info = document.getElementById("place-info");
  if (!info) return;
  info.hidden = id === null;
  if (id === null) return;
  const label = spots[0].dataset.label || id;
  document.getElementById("place-name").textContent = forms.length ? "" : label;
  document.getElementById("place-moves").textContent = !forms.length ? ""
    : (fits ? info.dataset.moves : info.dataset.none).replace("{place}", label);
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target && target.closest("#show-all")) {
    choosePlace(null);
    return;
  }
  const spot = target ? target.closest("[data-place]") : null;
  if (!spot || target.closest("a, button, input, select, textarea, form")) return;
  event.preventDefault();
  choosePlace(chosenPlace === spot.dataset.place ? null : spot.dataset.place);
});

document.addEventListener("keydown", (event) => {
  const spot = event.target instanceof Element ? event.target.closest("[data-place]") : null;
  if (!spot || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  choosePlace(chosenPlace === spot.dataset.place ? null : spot.dataset.place);
});

document.addEventListener("araldo:swapped", () => choosePlace(chosenPlace));
