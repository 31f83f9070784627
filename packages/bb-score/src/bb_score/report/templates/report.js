// Open a failed item's details when the page is opened on (or navigates to) its anchor.
(function () {
  "use strict";
  function openTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) { return; }
    var node = document.getElementById(id);
    if (node && node.tagName === "DETAILS") { node.open = true; }
  }
  window.addEventListener("hashchange", openTarget);
  document.addEventListener("DOMContentLoaded", openTarget);
}());
