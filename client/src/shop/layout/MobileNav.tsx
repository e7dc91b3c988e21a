import { Drawer } from 'antd';
import { NavLink } from 'react-router';
import { KNOWLEDGE_LABEL, MAIN_LINKS, MEMBER_LINKS } from './navItems';

interface Props {
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  knowledge: { to: string; label: string }[];
}

/** The hamburger drawer below 946 px: Escape or the close button closes it, focus returns to the hamburger. */
export default function MobileNav({ open, onClose, afterClose, knowledge }: Props) {
  return (
    <Drawer
      id="ss-mobile-nav"
      open={open}
      onClose={onClose}
      placement="left"
      size={300}
      title="選單"
      keyboard
      afterOpenChange={(visible) => {
        if (!visible) afterClose();
      }}
      className="ss-mobile-nav"
    >
      <nav aria-label="主選單">
        <ul className="ss-mobile-list">
          {MAIN_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.end} onClick={onClose}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <h2 className="ss-mobile-heading">{KNOWLEDGE_LABEL}</h2>
        <ul className="ss-mobile-list ss-mobile-sub">
          {knowledge.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} onClick={onClose}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <h2 className="ss-mobile-heading">會員</h2>
        <ul className="ss-mobile-list ss-mobile-sub">
          {MEMBER_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} onClick={onClose}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}
