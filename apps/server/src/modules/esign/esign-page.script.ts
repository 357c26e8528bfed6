/**
 * The hosted signing page's behaviour, served as a same-origin file (CSP script-src 'self'; no inline code).
 * Plain browser JavaScript kept as text because the server has no browser build; it is small on purpose and
 * exercised through the page by the e-sign tests.
 *
 * After the server confirms a signature or a refusal, it tells the embedding page with
 * `postMessage({ type: 'ESIGN' | 'REJECT', offerId, documentId }, origin)` (spec §4), addressed to this
 * site's own origin only — never '*': the frame may only be embedded by this site (frame-ancestors 'self'),
 * so the parent that may read it is same-origin, and a foreign parent receives nothing.
 *
 * issue 8 §6: framed, it also posts `{ type: 'ESIGN_HEIGHT', offerId, documentId, height }` whenever its
 * content height changes, so the page sizes the frame to it (no scroll inside a scroll); Reject asks for
 * confirmation first, and a confirmed rejection declines the offer: the server writes the decline in the
 * same transaction as the rejection's evidence event, so one request does both (no second call that could
 * fail after the first succeeded).
 */
export const ESIGN_PAGE_SCRIPT = String.raw`'use strict';
(function () {
  var root = document.getElementById('esign');
  var form = document.getElementById('esign-form');
  if (!root || !form) return;
  var token = root.getAttribute('data-token');
  var offerId = root.getAttribute('data-offer-id');
  var documentId = root.getAttribute('data-document-id');
  var csrf = document.querySelector('meta[name="csrf-token"]');
  var agreed = document.getElementById('agreed');
  var signature = document.getElementById('signature');
  var preview = document.getElementById('signature-preview');
  var statusLine = document.getElementById('status');
  var signButton = document.getElementById('sign');
  var rejectButton = document.getElementById('reject');
  var confirmBox = document.getElementById('reject-confirm');
  var confirmYes = document.getElementById('reject-confirm-yes');
  var confirmNo = document.getElementById('reject-cancel');
  var REQUIRED = 'This field is required';
  var isFramed = window.parent !== window;
  var lastHeight = 0;

  function postHeight() {
    if (!isFramed) return;
    var height = Math.ceil(root.getBoundingClientRect().height);
    if (height < 1 || height === lastHeight) return;
    lastHeight = height;
    window.parent.postMessage({ type: 'ESIGN_HEIGHT', offerId: offerId, documentId: documentId, height: height }, window.location.origin);
  }
  if (isFramed) {
    document.documentElement.className += ' framed';
    if (typeof ResizeObserver === 'function') new ResizeObserver(postHeight).observe(root);
    window.addEventListener('load', postHeight);
    postHeight();
  }

  function showError(id, message) {
    var element = document.getElementById(id + '-error');
    var input = document.getElementById(id);
    element.textContent = message || '';
    element.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function setStatus(message, kind) {
    statusLine.textContent = message;
    statusLine.className = 'status' + (kind ? ' ' + kind : '');
  }

  function setBusy(isBusy) {
    signButton.disabled = isBusy;
    rejectButton.disabled = isBusy;
    confirmYes.disabled = isBusy;
    confirmNo.disabled = isBusy;
  }

  function showConfirm(isShown) {
    confirmBox.hidden = !isShown;
    rejectButton.setAttribute('aria-expanded', isShown ? 'true' : 'false');
    if (isShown) confirmNo.focus();
  }

  function finish(message) {
    setStatus(message, 'ok');
    agreed.disabled = true;
    signature.disabled = true;
    signButton.disabled = true;
    rejectButton.disabled = true;
    confirmBox.hidden = true;
    if (window.parent === window) {
      var back = document.createElement('a');
      back.href = '/careers/offer/' + encodeURIComponent(offerId);
      back.textContent = 'Back to your offer';
      statusLine.appendChild(document.createTextNode(' '));
      statusLine.appendChild(back);
    }
  }

  function notifyParent(type) {
    if (window.parent === window) return;
    window.parent.postMessage({ type: type, offerId: offerId, documentId: documentId }, window.location.origin);
  }

  function post(action, body) {
    return send('/api/esign/' + action + '?token=' + encodeURIComponent(token), body);
  }

  function send(url, body) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrf ? csrf.content : '' },
      body: JSON.stringify(body)
    }).then(function (response) {
      var fresh = response.headers.get('x-csrf-token');
      if (fresh && csrf) csrf.content = fresh;
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { ok: response.ok, data: data };
      });
    });
  }

  function failed(result) {
    var error = (result.data && result.data.error) || {};
    var fields = error.fields || {};
    showError('agreed', fields.agreed);
    showError('signature', fields.signature);
    setStatus(fields.agreed || fields.signature ? '' : error.message || 'Something went wrong. Please try again.', 'bad');
    setBusy(false);
  }

  signature.addEventListener('input', function () {
    preview.textContent = signature.value.trim();
    showError('signature', '');
  });
  agreed.addEventListener('change', function () { showError('agreed', ''); });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var name = signature.value.trim();
    showError('agreed', agreed.checked ? '' : REQUIRED);
    showError('signature', name ? '' : REQUIRED);
    if (!agreed.checked) { agreed.focus(); return; }
    if (!name) { signature.focus(); return; }
    setBusy(true);
    setStatus('Signing…', '');
    post('sign', { agreed: true, signature: name }).then(function (result) {
      if (!result.ok) return failed(result);
      finish(result.data.message || 'Successfully signed the offer letter');
      notifyParent('ESIGN');
    }, function () { failed({ data: {} }); });
  });

  rejectButton.addEventListener('click', function () { showConfirm(confirmBox.hidden); });
  confirmNo.addEventListener('click', function () { showConfirm(false); rejectButton.focus(); });

  confirmYes.addEventListener('click', function () {
    setBusy(true);
    setStatus('', '');
    post('reject', {}).then(function (result) {
      if (!result.ok) return failed(result);
      finish(result.data.message || 'Offer letter has been rejected');
      notifyParent('REJECT');
    }, function () { failed({ data: {} }); });
  });
})();
`;
