/**
 * Registered by the background, at document start, on the hosts where the reader turned
 * "leave it alone" off (../src/wake/wake-at-load.ts): it marks the isolated world so the
 * entry (./index.ts) wakes at load there. Nothing else, and on no other host.
 */
import { askWakeAtLoad } from "../src/wake/wake-at-load";

askWakeAtLoad();
