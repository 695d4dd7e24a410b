import { Link, type LinkProps } from 'react-router';

/**
 * A link inside a sentence. It is underlined: its colour alone does not set it apart from the words around it for
 * everyone (WCAG 1.4.1; axe's link-in-text-block).
 */
export function InlineLink(props: LinkProps) {
  return <Link {...props} style={{ textDecoration: 'underline', ...props.style }} />;
}
