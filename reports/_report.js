/* Filtering, grouping and sorting for the conformance HTML reports.  Works on the page as
   rendered: items with data-id and data-status (table rows, result articles) are filtered,
   a .group (and a section) hides when none of its items is left, and th[data-sort] sorts
   the rows of each group.  Reads text only: never writes HTML. */
(function () {
  "use strict";
  var doc = document;
  var controls = doc.getElementById("controls");
  if (!controls) { return; }
  doc.documentElement.className += " js";
  controls.hidden = false;
  controls.addEventListener("submit", function (event) { event.preventDefault(); });
  var rows = Array.prototype.slice.call(doc.querySelectorAll("[data-id][data-status]"));
  var texts = rows.map(function (row) { return row.textContent.toLowerCase(); });
  var statusBoxes = Array.prototype.slice.call(doc.querySelectorAll("input[data-filter-status]"));
  var flagBoxes = Array.prototype.slice.call(doc.querySelectorAll("input[data-filter-flag]"));
  var viewRadios = Array.prototype.slice.call(doc.querySelectorAll("input[data-view]"));
  var sections = Array.prototype.slice.call(doc.querySelectorAll("[data-view-section]"));
  var groups = Array.prototype.slice.call(doc.querySelectorAll(".group, section.status-section"));
  var search = doc.getElementById("search");
  var shown = doc.getElementById("shown");
  var allIds = {};
  var total = 0;
  rows.forEach(function (row) {
    var id = row.getAttribute("data-id");
    if (!allIds[id]) { allIds[id] = true; total += 1; }
  });

  function apply() {
    var wanted = {};
    statusBoxes.forEach(function (box) { if (box.checked) { wanted[box.value] = true; } });
    var required = flagBoxes.filter(function (b) { return b.checked; })
                            .map(function (b) { return b.value; });
    var query = search.value.trim().toLowerCase();
    var terms = query ? query.split(/\s+/) : [];
    var matched = {};
    var count = 0;
    rows.forEach(function (row, index) {
      var statuses = row.getAttribute("data-status").split(" ");
      var ok = statuses.some(function (s) { return wanted[s]; });
      if (ok && required.length) {
        var flags = (row.getAttribute("data-flags") || "").split(" ");
        ok = required.every(function (f) { return flags.indexOf(f) >= 0; });
      }
      if (ok && terms.length) {
        ok = terms.every(function (t) { return texts[index].indexOf(t) >= 0; });
      }
      row.hidden = !ok;
      var id = row.getAttribute("data-id");
      if (ok && !matched[id]) { matched[id] = true; count += 1; }
    });
    groups.forEach(function (group) {
      group.hidden = !group.querySelector("[data-id][data-status]:not([hidden])");
    });
    shown.textContent = count + " of " + total + " shown";
  }

  function showView() {
    var chosen = viewRadios.filter(function (r) { return r.checked; })[0];
    if (!chosen) { return; }
    sections.forEach(function (section) {
      section.hidden = section.getAttribute("data-view-section") !== chosen.value;
      if (!section.hidden && section.tagName === "DETAILS") { section.open = true; }
    });
  }

  // A link into a grouping that is not shown (the coverage summary's "missing" count, say)
  // shows that grouping and opens what holds the target, then goes there.
  function reveal() {
    var target = location.hash ? doc.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (!target) { return; }
    var section = target.closest("[data-view-section]");
    if (section && section.hidden) {
      viewRadios.forEach(function (radio) {
        radio.checked = radio.value === section.getAttribute("data-view-section");
      });
      showView();
    }
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") { node.open = true; }
    }
    target.scrollIntoView();
  }

  function sortKey(row, index) {
    var cell = row.cells[index];
    if (!cell) { return ""; }
    var key = cell.getAttribute("data-key");
    return key !== null ? key : cell.textContent.trim().toLowerCase();
  }

  function sortBy(th) {
    var table = th.closest("table");
    var index = th.cellIndex;
    var ascending = th.getAttribute("aria-sort") !== "ascending";
    Array.prototype.forEach.call(table.querySelectorAll("th[data-sort]"), function (other) {
      other.removeAttribute("aria-sort");
    });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    Array.prototype.forEach.call(table.tBodies, function (body) {
      var items = Array.prototype.slice.call(body.querySelectorAll("tr:not(.group-head)"));
      var keyed = items.map(function (row, position) {
        return {row: row, key: sortKey(row, index), position: position};
      });
      keyed.sort(function (a, b) {
        var x = a.key, y = b.key, result;
        var nx = parseFloat(x), ny = parseFloat(y);
        if (!isNaN(nx) && !isNaN(ny) && String(nx) === x && String(ny) === y) {
          result = nx - ny;
        } else {
          result = x < y ? -1 : (x > y ? 1 : 0);
        }
        if (!ascending) { result = -result; }
        return result || a.position - b.position;
      });
      keyed.forEach(function (item) { body.appendChild(item.row); });
    });
  }

  statusBoxes.concat(flagBoxes).forEach(function (box) { box.addEventListener("change", apply); });
  search.addEventListener("input", apply);
  viewRadios.forEach(function (radio) { radio.addEventListener("change", showView); });
  Array.prototype.forEach.call(doc.querySelectorAll("th[data-sort]"), function (th) {
    th.tabIndex = 0;
    th.addEventListener("click", function () { sortBy(th); });
    th.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sortBy(th); }
    });
  });
  window.addEventListener("hashchange", reveal);
  Array.prototype.forEach.call(doc.querySelectorAll("a[href^='#']"), function (link) {
    link.addEventListener("click", function () { setTimeout(reveal, 0); });
  });
  showView();
  apply();
  reveal();
}());
