/**
 * The agency's shield (public/logo.svg, which stays the favicon and the logo search engines see),
 * drawn inline: an `<img>` of an SVG makes the browser build a separate SVG document for it, about
 * 40 ms of the main thread on a laptop while the page loads (4× that on a slow phone). With `label`
 * it is an image of that name; without, decoration beside the site's name.
 */
export function BrandMark({ size, label, className }: { size: number; label?: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={className}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false })}
    >
      <path d="M32 3 8 12v18c0 15 10 26 24 31 14-5 24-16 24-31V12L32 3z" fill="#0b2545" />
      <path d="M32 8 13 15v15c0 12 8 21 19 26 11-5 19-14 19-26V15L32 8z" fill="#fff" />
      <path d="M32 12 17 17.5V30c0 10 6.5 17.5 15 21.5 8.5-4 15-11.5 15-21.5V17.5L32 12z" fill="#b42318" />
      <path d="m32 20 3.2 6.6 7.3 1-5.3 5.1 1.3 7.2L32 36.5l-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1z" fill="#fff" />
    </svg>
  );
}
