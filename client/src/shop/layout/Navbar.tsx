import MenuOutlined from '@ant-design/icons/MenuOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectCompanyShortName, selectPosterTitles } from '../../app/site/siteSlice';
import { DisclosureMenu } from '../../shared/components/DisclosureMenu';
import { NAVBAR_MOBILE_QUERY, useMediaQuery } from '../../shared/hooks/useMediaQuery';
import { useScrolled } from '../../shared/hooks/useScrolled';
import { greeting } from '../features/auth/authRules';
import { selectIsLoggedIn, selectUser } from '../features/auth/sessionSlice';
import { useLogout } from '../features/auth/useLogout';
import { NavCart } from './NavCart';
import { KNOWLEDGE_LABEL, knowledgeLinks, LOGOUT_LABEL, MAIN_LINKS, MEMBER_LINKS, memberLinks } from './navItems';
import './Navbar.css';

/** The drawer (antd Drawer, mobile only) loads on the first tap of the hamburger. */
const MobileNav = lazy(() => import('./MobileNav'));

function Brand() {
  const name = useAppSelector(selectCompanyShortName);
  return (
    <Link to="/" className="ss-brand" aria-label={`${name} 首頁`}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>{name}</span>
    </Link>
  );
}

/** The member dropdown (spec 1 §2): login and register, or a greeting, the member's pages and logout. */
function MemberMenu() {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  const items = isLoggedIn
    ? [...memberLinks(user), { label: LOGOUT_LABEL, onSelect: () => void logout(), testId: 'nav-logout' }]
    : [...MEMBER_LINKS];
  return (
    <DisclosureMenu
      label={<UserOutlined className="ss-nav-icon-glyph" aria-hidden />}
      ariaLabel="會員選單"
      buttonClassName="ss-nav-icon"
      showCaret={false}
      align="end"
      header={isLoggedIn ? <span data-testid="nav-greeting">{greeting(user?.username)}</span> : undefined}
      items={items}
      testId="nav-member"
    />
  );
}

/** Site navbar (spec 1 §2): links and dropdowns; hamburger + drawer below 946 px; scrolled style after 50 px. */
export function Navbar() {
  const mobile = useMediaQuery(NAVBAR_MOBILE_QUERY);
  const scrolled = useScrolled(50);
  const posters = useAppSelector(selectPosterTitles);
  const knowledge = useMemo(() => knowledgeLinks(posters), [posters]);
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setDrawer(false), [pathname]);

  return (
    <header className={`ss-navbar${scrolled ? ' is-scrolled' : ''}${mobile ? ' is-mobile' : ''}`} data-testid="navbar">
      <div className="ss-container ss-navbar-inner">
        {mobile && (
          <button
            ref={burgerRef}
            type="button"
            className="ss-nav-icon ss-burger"
            aria-label="開啟選單"
            aria-expanded={drawer}
            aria-controls="ss-mobile-nav"
            data-testid="nav-burger"
            onClick={() => {
              setDrawerUsed(true);
              setDrawer(true);
            }}
          >
            <MenuOutlined className="ss-nav-icon-glyph" aria-hidden />
          </button>
        )}
        <Brand />
        {!mobile && (
          <nav className="ss-nav" aria-label="主選單">
            <ul>
              {MAIN_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className="ss-nav-link">
                    {l.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <DisclosureMenu label={KNOWLEDGE_LABEL} buttonClassName="ss-nav-link" items={knowledge} testId="nav-knowledge" />
              </li>
            </ul>
          </nav>
        )}
        <div className="ss-navbar-actions">
          {!mobile && <MemberMenu />}
          <NavCart />
        </div>
      </div>
      {mobile && drawerUsed && (
        <Suspense fallback={null}>
          <MobileNav open={drawer} onClose={() => setDrawer(false)} knowledge={knowledge} afterClose={() => burgerRef.current?.focus()} />
        </Suspense>
      )}
    </header>
  );
}
