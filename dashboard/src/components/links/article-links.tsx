// Where an article's title and its fake-traffic report lead, in one place: every list that names an article
// links its title to our own article page (/appsearch/details) and a flagged article to its report
// (/appsearch/monitorViewNew), never to the upstream's page (the demo's simulator is unreachable for visitors).

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Our article page of a post (`<mid>_<aid>`), inside the dashboard's router. */
export const articlePath = (post: string) => `/appsearch/details?post=${encodeURIComponent(post)}`;

/** The fake-traffic report of a post, inside the dashboard's router. */
export const reportPath = (post: string) => `/appsearch/monitorViewNew?post=${encodeURIComponent(post)}`;

/** The report as a full URL path (for plain anchors, new tabs and copied links). */
export const reportHref = (post: string) => `/main${reportPath(post)}`;

/** `post` is `<mid>_<aid>`; testId names the link for the page's own tests. */
export function ArticleTitleLink({
  post,
  children,
  testId = 'article-title-link',
  className,
}: {
  post: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Link to={articlePath(post)} data-testid={testId} className={className}>
      {children}
    </Link>
  );
}

export function ReportLink({
  post,
  children = '刷量报告',
  testId = 'report-link',
}: {
  post: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Link to={reportPath(post)} data-testid={testId}>
      {children}
    </Link>
  );
}
