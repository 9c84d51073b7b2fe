/**
 * The Permissions-Policy of an answer (issue 30; docs/decisions/platform-permissions-policy.md):
 * no page may use the camera, microphone or location, except the staff app's documents, whose gate
 * kiosk scans QR codes with the camera. The staff app is one document for all its screens (client
 * routing), and the policy is fixed when the document loads, so `/staff/kiosk` reached from
 * `/staff/pair` without a reload needs it on the staff app's every document.
 */
const STAFF_APP = /^\/staff(\/|$|\?)/;

const NONE = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
const STAFF = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

export const permissionsPolicy = (url: string): string => (STAFF_APP.test(url) ? STAFF : NONE);
