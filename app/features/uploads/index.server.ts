// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { type UploadStorage, getUploadStorage } from "./storage.server";
export { MAX_IMAGE_BYTES, decodeImageDataUrl, discardUpload, storeImage } from "./uploads.server";
