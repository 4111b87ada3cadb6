/**
 * Runs in the page's own world at document start in every frame, and does nothing except
 * in tsugi's hidden rendering frames: there the frame's history stays flat, so
 * the reader's Back button is not spent on a removed frame (../src/pager/frame-guard.ts).
 * No extension API here: the page's world has none.
 */
import { keepHistoryFlat } from "../src/pager/frame-guard";

if (window !== window.top) keepHistoryFlat(window);
