/**
 * The one part of the embedded feature the app's entry loads eagerly (its index pulls in the pages' code): keeping
 * the embedded SDK's handshake, which arrives before the lazily loaded embedded page can listen.
 */
export { keepHostHandshake } from './utils/hostChannel';
