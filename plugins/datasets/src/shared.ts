// The datasets plugin's client helpers: the zip upload with byte progress (XMLHttpRequest: fetch
// reports no upload progress) and the create form's checks (the SDK's rules, the server's too).
import { API_BASE, ApiError, DATASET_LIMITS, UPLOAD_MESSAGES, getToken, uploadProblem, type UploadResult } from '@headwater/plugin-sdk';

/** The browser's check before sending (the server checks again): .zip, at most 1000 MB. */
export function zipProblem(file: File | null): string | null {
  if (!file) return UPLOAD_MESSAGES.none;
  return uploadProblem(file, { extensions: ['.zip'], maxBytes: DATASET_LIMITS.uploadBytes });
}

/** POST /api/importdatasets/upload, reporting the bytes sent; one hour at most (spec 3 §9). */
export function uploadZip(file: File, onProgress: (percent: number) => void): { promise: Promise<UploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}/importdatasets/upload`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = DATASET_LIMITS.uploadTimeoutMs;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((100 * e.loaded) / e.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a string body is shown as is
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as UploadResult);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, UPLOAD_MESSAGES.aborted));
    xhr.ontimeout = () => reject(new ApiError(408, 'The upload took longer than one hour and was stopped.'));
    const fd = new FormData();
    fd.append('file', file, file.name);
    xhr.send(fd);
  });
  return { promise, abort: () => xhr.abort() };
}

export const KIND_LABELS: Record<string, string> = {
  arcswat: 'ArcSWAT / QSWAT project (TxtInOut and shapes)',
  txtinout: 'TxtInOut folder (no shapes: the map shows a schematic of the routing)',
  hawqs: 'HAWQS export',
};
