/** Fails early, with the fix, when Debian's chromium is missing (the shipped suite drives it). */
import { chromiumPath } from '../helpers/browser';

export default function setup(): void {
  chromiumPath();
}
