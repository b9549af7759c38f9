import type { PageProps } from '../page-props';
import { CategoriesView } from '../../features/admin-org/components/CategoriesView';
import { usePageTitle } from '../page-title';

/** 问题分类 (menu "System" → "Problem categories"): the three-level tree, administrators only. */
export default function Page(props: PageProps) {
  return <CategoriesView title={usePageTitle(props)} />;
}
