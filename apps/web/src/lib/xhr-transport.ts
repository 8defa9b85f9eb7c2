import type { Input } from 'ky';

export type TProgress = {
  readonly percent: number;
  readonly transferredBytes: number;
  readonly totalBytes: number;
};

/** Upload transport with progress events: XMLHttpRequest, since fetch can stream a request body only over HTTP/2. */
export function xhrTransport(body: FormData, onProgress: (progress: TProgress) => void) {
  return (input: Input, init?: RequestInit): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.responseType = 'arraybuffer';
      xhr.withCredentials = request.credentials === 'include';
      // XMLHttpRequest writes its own multipart boundary; the Request's content-type names another one.
      request.headers.forEach((value, key) => {
        if (key !== 'content-type') xhr.setRequestHeader(key, value);
      });
      xhr.upload.onprogress = (event) => {
        const totalBytes = event.lengthComputable ? event.total : 0;
        onProgress({
          transferredBytes: event.loaded,
          totalBytes,
          percent: totalBytes > 0 ? event.loaded / totalBytes : 0,
        });
      };
      const onAbort = () => xhr.abort();
      request.signal.addEventListener('abort', onAbort, { once: true });
      xhr.onload = () => {
        request.signal.removeEventListener('abort', onAbort);
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const separator = line.indexOf(':');
          if (separator > 0)
            headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
        }
        const hasBody = xhr.status !== 204 && xhr.status !== 205 && xhr.status !== 304;
        resolve(new Response(hasBody ? xhr.response : null, { status: xhr.status, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(request.signal.reason ?? new DOMException('Aborted', 'AbortError'));
      xhr.send(body);
    });
}
