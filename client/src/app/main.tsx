import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './global.css';
import { prefetchFirstScreen } from './prefetch';
import { Providers } from './providers';
import { router } from './router';
import { runStartupCheck } from './site/startup';
import { confirmSessionAtStartup } from '../shop/features/auth/sessionStartup';
import { createPersistedStore } from './store';

const store = createPersistedStore();
void runStartupCheck(store.dispatch, store.getState);
prefetchFirstScreen(window.location.pathname, store.dispatch);
void confirmSessionAtStartup(store.dispatch, store.getState);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition: the first render is time-sliced (no long task blocks input) while the
// server-rendered fallback inside #root stays on screen until the page is ready.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers store={store}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
