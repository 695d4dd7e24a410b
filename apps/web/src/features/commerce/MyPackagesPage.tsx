import { MyPackages } from './MyPackages';

/** /plan: my CDN packages and add-ons. */
export default function MyPackagesPage() {
  return <MyPackages scope="cdn" />;
}
