import { useState } from 'react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Drawer } from '../../components/drawer';
import { IconButton } from '../../components/icon-button';
import {
  BlueskyIcon,
  ContributeIcon,
  DiscIcon,
  DiscordIcon,
  DocumentIcon,
  HeartIcon,
  HomeIcon,
  InstagramIcon,
  ListIcon,
  LockIcon,
  MailIcon,
  PaletteIcon,
  ReviewIcon,
  RulesIcon,
  SwapIcon,
  XIcon,
} from '../../components/icons';
import { setSideMenuSide, useSideMenuSide } from '../../lib/side-menu-side';
import { paths } from '../../lib/paths';
import { ContactDialog } from './contact-dialog';
import styles from './side-menu.module.css';

const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/earmark', icon: <InstagramIcon /> },
  { label: 'X', href: 'https://x.com/earmark', icon: <XIcon size={18} /> },
  { label: 'Bluesky', href: 'https://bsky.app/profile/earmark.bsky.social', icon: <BlueskyIcon /> },
  { label: 'Discord', href: 'https://discord.gg/earmark', icon: <DiscordIcon /> },
];

interface MenuLinkProps {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  end?: boolean;
  onNavigate: () => void;
}

function MenuLink({ to, icon, children, end, onNavigate }: MenuLinkProps) {
  return (
    <NavLink to={to} end={end} className={styles.link} onClick={onNavigate}>
      {icon}
      {children}
    </NavLink>
  );
}

/** The main menu drawer; it opens on the side the visitor chose. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const side = useSideMenuSide();
  const [contactOpen, setContactOpen] = useState(false);
  const other = side === 'left' ? 'right' : 'left';

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        title="Menu"
        side={side}
        headerActions={
          <IconButton
            label={`Move menu to the ${other}`}
            icon={<SwapIcon />}
            onClick={() => setSideMenuSide(other)}
          />
        }
      >
        <nav aria-label="Main" className={styles.nav}>
          <div className={styles.section}>
            <MenuLink onNavigate={onClose} to={paths.home.href()} icon={<HomeIcon />} end>
              Home
            </MenuLink>
            <MenuLink onNavigate={onClose} to={paths.releases.href()} icon={<DiscIcon />}>
              Releases
            </MenuLink>
            <MenuLink onNavigate={onClose} to={paths.reviews.href()} icon={<ReviewIcon />}>
              Reviews
            </MenuLink>
            <MenuLink onNavigate={onClose} to={paths.lists.href()} icon={<ListIcon />}>
              Lists
            </MenuLink>
            <MenuLink onNavigate={onClose} to={paths.theme.href()} icon={<PaletteIcon />}>
              Theme
            </MenuLink>
          </div>
          <div className={styles.section}>
            <MenuLink onNavigate={onClose} to={paths.contributing.href()} icon={<ContributeIcon />}>
              Contributing
            </MenuLink>
            <MenuLink onNavigate={onClose} to={paths.rules.href()} icon={<RulesIcon />}>
              Rules
            </MenuLink>
          </div>
          <div className={styles.section}>
            <p className={styles.sectionTitle}>Follow Earmark</p>
            <div className={styles.social}>
              {SOCIAL_LINKS.map((link) => (
                <a
                  key={link.label}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.socialLink}
                  aria-label={`Earmark on ${link.label}`}
                  title={link.label}
                >
                  {link.icon}
                </a>
              ))}
            </div>
          </div>
          <div className={styles.section}>
            <button type="button" className={styles.link} onClick={() => setContactOpen(true)}>
              <MailIcon />
              Contact
            </button>
            <MenuLink onNavigate={onClose} to={paths.supportUs.href()} icon={<HeartIcon />}>
              Support us
            </MenuLink>
            <MenuLink onNavigate={onClose} to={paths.terms.href()} icon={<DocumentIcon />}>
              Terms
            </MenuLink>
            <MenuLink onNavigate={onClose} to={paths.privacy.href()} icon={<LockIcon />}>
              Privacy
            </MenuLink>
          </div>
          <p className={styles.footer}>© 2026 Earmark</p>
        </nav>
      </Drawer>
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </>
  );
}
