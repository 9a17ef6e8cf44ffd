import { z } from "zod";
import type { Route } from "./+types/notices";
import { NoticeArticle } from "~/components/notices/notice-article";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { listBoardNotices } from "~/domain/notices/notices.server";
import { listHref, pageParam } from "~/domain/shared/paging";
import { requireMemberOrStaff } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Notice Board");

const QuerySchema = z.object({ page: pageParam });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMemberOrStaff(request, context);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const board = await listBoardNotices(context.services.db, user.role, { page: query.page });
  return {
    page: board.page,
    pageCount: board.pageCount,
    notices: board.notices.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
  };
}

export default function NoticeBoard({ loaderData }: Route.ComponentProps) {
  const { notices, page, pageCount } = loaderData;
  return (
    <div className="grid min-w-0 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Notice Board</h1>
        <p className="mt-1 text-sm text-gray-600">Announcements from the AdNaira team.</p>
      </div>
      {notices.length === 0 ? (
        <Card>
          <p className="text-gray-700">No notices available at the moment</p>
        </Card>
      ) : (
        <div className="grid min-w-0 gap-4">
          {notices.map((notice) => (
            <NoticeArticle key={notice.id} notice={notice} />
          ))}
        </div>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={(p) => listHref({ page: p })} />
    </div>
  );
}
