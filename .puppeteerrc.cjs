/** Chromium comes from Debian (/usr/bin/chromium); the sandbox has no network for puppeteer's download. */
module.exports = { skipDownload: true };
