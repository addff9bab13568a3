/**
 * The agency's shield, drawn from the <symbol> the HTML shell holds (src/build/brand-mark.ts puts
 * public/logo.svg there, which stays the favicon and the logo search engines see). With `label` it
 * is an image of that name; without, decoration beside the site's name.
 */
export function BrandMark({
  size,
  label,
  className,
}: {
  size: number;
  label?: string;
  className?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      className={className}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <use href="#brand-mark" />
    </svg>
  );
}
