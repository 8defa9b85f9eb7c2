// Started by index.html on a signed-in page (scripts/preload-signed-in.ts): a tab's first date or number
// format makes the browser load its locale and time-zone data, 40–100 ms on a small machine, on the thread
// that asks first. Asked here, on the worker's own thread, the data is loaded for the whole tab, and the
// screen's first formatted date no longer holds the page's main thread.
new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(0);
new Intl.NumberFormat('en-US').format(1.5);
postMessage('warm');
