import type { Locale } from '@edgeward/contract';
import { translate } from '../../http/i18n';
import { escapeHtml, sandboxPage } from '../sandbox-callback';

const faceCheckScriptPath = '/api/identity/sandbox/face-check.js';

/**
 * The check page's script, served as a file (the console's CSP allows no inline script). Like a real service's H5
 * page it asks for the front camera, or else takes a photo file; once there is a picture the tester chooses the
 * result. The picture stays in the browser.
 */
export const faceCheckScript = `'use strict';
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var video = $('camera'), preview = $('preview'), stream = null;
  function ready(src) {
    preview.src = src;
    preview.hidden = false;
    $('verdict').hidden = false;
  }
  $('camera-on').addEventListener('click', function () {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) { $('no-camera').hidden = false; return; }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false }).then(function (s) {
      stream = s;
      video.srcObject = s;
      video.hidden = false;
      $('capture').hidden = false;
    }, function () { $('no-camera').hidden = false; });
  });
  $('capture').addEventListener('click', function () {
    var canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 320;
    canvas.height = video.videoHeight || 240;
    canvas.getContext('2d').drawImage(video, 0, 0, canvas.width, canvas.height);
    if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
    video.hidden = true;
    $('capture').hidden = true;
    ready(canvas.toDataURL('image/jpeg'));
  });
  $('photo').addEventListener('change', function (event) {
    var file = event.target.files && event.target.files[0];
    if (file) ready(URL.createObjectURL(file));
  });
})();
`;

const t = (locale: Locale, key: string, params?: Record<string, string>) => escapeHtml(translate(locale, key, params));

function shell(locale: Locale, live: boolean, body: string, script?: string): string {
  const texts = {
    title: translate(locale, 'identity.sandbox.title'),
    notice: translate(locale, 'identity.sandbox.notice'),
    live,
  };
  return sandboxPage(locale, texts, body, script);
}

export function notFoundPage(locale: Locale, live: boolean): string {
  return shell(locale, live, `<p>${t(locale, 'identity.sandbox.notFound')}</p>`);
}

export function finishedPage(locale: Locale, live: boolean, status: 'passed' | 'failed'): string {
  return shell(locale, live, `<p id="sandbox-outcome">${t(locale, `identity.sandbox.${status}`)}</p>`);
}

export function expiredPage(locale: Locale, live: boolean): string {
  return shell(locale, live, `<p id="sandbox-outcome">${t(locale, 'identity.sandbox.expired')}</p>`);
}

/** The waiting check: who is checked (masked), the camera or a photo, then pass or fail. */
export function checkPage(
  locale: Locale,
  live: boolean,
  check: { checkId: string; realNameMasked: string; idNumberMasked: string },
): string {
  const action = (what: string) => `/api/identity/sandbox/${check.checkId}/${what}`;
  const person = t(locale, 'identity.sandbox.person', {
    name: check.realNameMasked,
    idNumber: check.idNumberMasked,
  });
  return shell(
    locale,
    live,
    `<p>${person}</p>
<p><button type="button" id="camera-on">${t(locale, 'identity.sandbox.camera')}</button></p>
<p id="no-camera" hidden>${t(locale, 'identity.sandbox.noCamera')}</p>
<video id="camera" autoplay playsinline muted hidden></video>
<p><button type="button" id="capture" hidden>${t(locale, 'identity.sandbox.capture')}</button></p>
<p><label>${t(locale, 'identity.sandbox.photo')} <input type="file" id="photo" accept="image/*" capture="user"></label></p>
<img id="preview" class="capture" alt="" hidden>
<div id="verdict" hidden><p>${t(locale, 'identity.sandbox.ready')}</p>
<form method="post" action="${action('pass')}" style="display:inline"><button type="submit" id="sandbox-pass">${t(locale, 'identity.sandbox.pass')}</button></form>
<form method="post" action="${action('fail')}" style="display:inline"><button type="submit" id="sandbox-fail">${t(locale, 'identity.sandbox.fail')}</button></form></div>`,
    faceCheckScriptPath,
  );
}
