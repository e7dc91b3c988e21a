import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './global.css';
import { Providers } from './providers';
import { router } from './router';
import { runStartupCheck } from './site/startup';
import { confirmSessionAtStartup } from '../shop/features/auth/sessionStartup';
import { createPersistedStore } from './store';

const store = createPersistedStore();
void runStartupCheck(store.dispatch, store.getState);
void confirmSessionAtStartup(store.dispatch, store.getState);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
