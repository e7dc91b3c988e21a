import { PlusOutlined } from '@ant-design/icons';
import type { HomeDataAnswer } from '@api/admin-content';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useCallback, useReducer, type Dispatch } from 'react';
import { AdminPage } from '../../layout/AdminPage';
import { HomeCard } from './HomeCard';
import type { HomeSectionKey } from './homeApi';
import { useLoadHomeDataQuery } from './homeApi';
import { HOME_MSG } from '@rules/admin-content';
import { bySortOrder, cardOfRow, HOME_SECTIONS, newCard, type HomeCardState, type HomeSectionDef, type HomeValues } from './homeSections';
import './HomeContent.css';

type Cards = Record<HomeSectionKey, HomeCardState[]>;

function cardsOf(data: HomeDataAnswer): Cards {
  const out = {} as Cards;
  for (const def of HOME_SECTIONS) out[def.key] = (data[def.list] ?? []).map(cardOfRow);
  out.banner = bySortOrder(out.banner);
  return out;
}

/**
 * /admin/homeImages (spec 3 §2, §4, §5): carousel banners, beautician endorsements, user
 * testimonials and certificates, each a list of cards. A new card stays on this screen until it is
 * created (its newId makes it saved); writes don't reload the lists, so other unsaved cards stay.
 */
export default function HomeContentPage() {
  const { data, error, isLoading, fulfilledTimeStamp, refetch } = useLoadHomeDataQuery(undefined, { refetchOnMountOrArgChange: true });
  const failed = !!error || (data !== undefined && !data.success);

  return (
    <AdminPage title="首頁內容" subtitle="變更儲存後，顧客下次開啟首頁即可看到。" testId="admin-home-content">
      {failed && (
        <Alert
          type="error"
          showIcon
          title={HOME_MSG.loadFailed}
          action={
            <Button size="small" onClick={() => void refetch()}>
              重試
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {data?.success && <HomeSections key={fulfilledTimeStamp} data={data} />}
    </AdminPage>
  );
}

type Action =
  | { type: 'add'; section: HomeSectionKey }
  | { type: 'change'; section: HomeSectionKey; key: string; values: HomeValues }
  | { type: 'saved'; section: HomeSectionKey; key: string; id: number; values: HomeValues }
  | { type: 'remove'; section: HomeSectionKey; key: string };

function reduce(all: Cards, a: Action): Cards {
  const list = all[a.section];
  let next: HomeCardState[];
  switch (a.type) {
    case 'add':
      next = [...list, newCard(HOME_SECTIONS.find((d) => d.key === a.section)!, list)];
      break;
    case 'change':
      next = list.map((c) => (c.key === a.key ? { ...c, values: a.values } : c));
      break;
    case 'saved':
      next = list.map((c) => (c.key === a.key ? { ...c, id: a.id, saved: a.values } : c));
      if (a.section === 'banner') next = bySortOrder(next);
      break;
    case 'remove':
      next = list.filter((c) => c.key !== a.key);
      break;
  }
  return { ...all, [a.section]: next };
}

function HomeSections({ data }: { data: HomeDataAnswer }) {
  const [cards, dispatch] = useReducer(reduce, data, cardsOf);
  return (
    <div className="ss-admin-stack">
      {HOME_SECTIONS.map((def) => (
        <HomeSection key={def.key} def={def} cards={cards[def.key]} dispatch={dispatch} />
      ))}
    </div>
  );
}

/** One section; its cards only re-render when their own state changes (typing in one card leaves the others alone). */
function HomeSection({ def, cards, dispatch }: { def: HomeSectionDef; cards: HomeCardState[]; dispatch: Dispatch<Action> }) {
  const headingId = `ss-home-${def.key}`;
  const section = def.key;
  const onChange = useCallback((key: string, values: HomeValues) => dispatch({ type: 'change', section, key, values }), [dispatch, section]);
  const onSaved = useCallback((key: string, id: number, values: HomeValues) => dispatch({ type: 'saved', section, key, id, values }), [dispatch, section]);
  const onRemove = useCallback((key: string) => dispatch({ type: 'remove', section, key }), [dispatch, section]);
  return (
    <section className="ss-admin-panel" aria-labelledby={headingId}>
      <header className="ss-home-section-head">
        <div>
          <h2 id={headingId} className="ss-home-section-title">
            {def.title} <span className="ss-admin-muted">（{cards.length}）</span>
          </h2>
          <div className="ss-admin-muted">{def.note}</div>
        </div>
        <Button icon={<PlusOutlined />} onClick={() => dispatch({ type: 'add', section })}>
          新增{def.title}
        </Button>
      </header>
      {cards.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`尚未新增${def.title}`} />
      ) : (
        <div className={`ss-home-grid ss-home-grid--${def.key}`}>
          {cards.map((card) => (
            <HomeCard key={card.key} def={def} card={card} onChange={onChange} onSaved={onSaved} onRemove={onRemove} />
          ))}
        </div>
      )}
    </section>
  );
}
