import { MyPackages } from './MyPackages';

/** /eoPlan: my edge-platform plans. */
export default function EoPlanPage() {
  return <MyPackages scope="eo" />;
}
