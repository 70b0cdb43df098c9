import { useEffect, useState } from "react";

/** Header shadow threshold (spec §9). */
export const HEADER_SHADOW_SCROLL_PX = 10;

/** The header has a shadow unless on home and scrolled to the top (spec §2). */
export function useHeaderShadow(isHome: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_SHADOW_SCROLL_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return !isHome || scrolled;
}
