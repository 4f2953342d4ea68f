// Zenith dashboard: small progressive enhancements. Every page works without this script.
(function () {
  "use strict";

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    // Fallback for plain-http admin addresses other than localhost.
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.appendChild(area);
    area.select();
    var ok = document.execCommand("copy");
    document.body.removeChild(area);
    return ok ? Promise.resolve() : Promise.reject(new Error("copy failed"));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (button) {
      var source = document.querySelector(button.getAttribute("data-copy"));
      if (!source) return;
      var label = button.textContent;
      copyText(source.textContent.trim()).then(
        function () { button.textContent = "Copied"; },
        function () { button.textContent = "Select and copy manually"; }
      );
      setTimeout(function () { button.textContent = label; }, 2000);
      return;
    }
    var back = event.target.closest("[data-back]");
    if (back && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });

  // Live preview of the widget's cosmetics while the agent form is edited.
  var preview = document.querySelector("[data-preview]");
  if (preview) {
    var paint = function (color) {
      preview.querySelectorAll("[data-pv-accent]").forEach(function (el) { el.style.background = color; });
    };
    paint(preview.getAttribute("data-accent"));
    var bind = function (id, apply) {
      var input = document.getElementById(id);
      if (input) input.addEventListener("input", function () { apply(input.value); });
    };
    bind("f-accent_color", function (v) { if (/^#[0-9a-f]{6}$/i.test(v)) paint(v); });
    bind("f-welcome", function (v) { preview.querySelector("[data-pv-welcome]").textContent = v || "Hi! Ask me anything."; });
    bind("f-name", function (v) { preview.querySelector("[data-pv-name]").textContent = v; });
  }

  // Ingestion progress: poll running jobs, reload when they finish.
  document.querySelectorAll('[data-job][data-state="running"]').forEach(function (box) {
    var bar = box.querySelector("progress");
    var status = box.querySelector("[data-job-status]");
    var poll = function () {
      fetch(box.getAttribute("data-job"), { headers: { accept: "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (job) {
          if (job.state !== "running") return location.replace(location.pathname);
          bar.max = job.total;
          bar.value = job.done;
          status.textContent = job.done + " of " + job.total + " done" + (job.current ? " — reading " + job.current : "");
          setTimeout(poll, 400);
        })
        .catch(function () { setTimeout(poll, 2000); });
    };
    poll();
  });
})();
