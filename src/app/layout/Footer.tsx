import { Link } from 'wouter';
import { APP_NAME, FOOTER } from '../../../common/spec';
import { ExternalLink } from '../../ui/ExternalLink';
import { links } from '../links';
import { NodeCapabilitiesNote } from './NodeCapabilitiesNote';
import { urls } from '../urls';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <strong>{APP_NAME}</strong>
          <p>{FOOTER.about}</p>
          <NodeCapabilitiesNote />
        </div>
        <ul className="site-footer__links">
          <li>
            <ExternalLink href={links.whitepaper}>{FOOTER.whitepaper}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={links.androidApp}>{FOOTER.android}</ExternalLink>
          </li>
          <li>
            <Link href={urls.terms()}>{FOOTER.terms}</Link>
          </li>
          <li>
            <Link href={urls.privacy()}>{FOOTER.privacy}</Link>
          </li>
        </ul>
        <ul className="site-footer__links">
          <li>
            <Link href={urls.issueForm()}>{FOOTER.issue}</Link>
          </li>
          <li>
            <Link href={urls.featureRequest()}>{FOOTER.feature}</Link>
          </li>
          <li>
            <Link href={urls.api()}>{FOOTER.api}</Link>
          </li>
          {/* The spec lists Gas Tracker and Charts & stats as plain items; Gas Tracker opens our page (docs/decisions.md). */}
          <li>
            <Link href={urls.gasTracker()}>{FOOTER.gasTracker}</Link>
          </li>
          <li className="muted">{FOOTER.charts}</li>
        </ul>
      </div>
    </footer>
  );
}
