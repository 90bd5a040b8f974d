import { createBrowserRouter } from 'react-router-dom';
import { PublicLayout } from './layout/PublicLayout';
import { HomePage } from './routes/HomePage';
import { NotFoundPage } from './routes/NotFoundPage';

// Signed-in/signed-out routing (spec §2) arrives with auth; for now every visitor sees the
// placeholder home page, and any other path the 404 page.
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
