// One class for every adapter: an application that signs through several chain libraries checks one
// `instanceof SigilActivityError`, whichever adapter threw it.
export { SigilActivityError } from '@sigil/http';
