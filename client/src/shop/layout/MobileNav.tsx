import { Drawer } from 'antd';
import { NavLink } from 'react-router';
import { AntdScope } from '../../app/AntdScope';
import { useAppSelector } from '../../app/hooks';
import { greeting } from '../features/auth/authRules';
import { selectIsLoggedIn, selectUser } from '../features/auth/sessionSlice';
import { useLogout } from '../features/auth/useLogout';
import { KNOWLEDGE_LABEL, LOGOUT_LABEL, MAIN_LINKS, MEMBER_LINKS, memberLinks } from './navItems';

interface Props {
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  knowledge: { to: string; label: string }[];
}

/** The hamburger drawer below 946 px: Escape or the close button closes it, focus returns to the hamburger. */
export default function MobileNav({ open, onClose, afterClose, knowledge }: Props) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  const member = isLoggedIn ? memberLinks(user) : MEMBER_LINKS;
  return (
    <AntdScope>
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
          {isLoggedIn && (
            <p className="ss-mobile-greeting" data-testid="nav-greeting">
              {greeting(user?.username)}
            </p>
          )}
          <ul className="ss-mobile-list ss-mobile-sub">
            {member.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} onClick={onClose}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            {isLoggedIn && (
              <li>
                <button
                  type="button"
                  className="ss-mobile-action"
                  data-testid="nav-logout"
                  onClick={() => {
                    onClose();
                    void logout();
                  }}
                >
                  {LOGOUT_LABEL}
                </button>
              </li>
            )}
          </ul>
        </nav>
      </Drawer>
    </AntdScope>
  );
}
